import { Controller, useForm } from 'react-hook-form';
import { nl } from '@contracts/messages';
import {
  makeOwnerBody,
  updateMemberBody,
  type MakeOwnerBody,
  type TeamEntry,
  type UpdateMemberBody,
} from '@contracts/team';
import type { MemberRole } from '@core/permissions';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { errorMessage } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useMakeOwner, useUpdateMember } from '../api/team';
import { MemberAgendasField, RoleField } from './team-fields';

const t = nl.team.card;

interface EditValues {
  name: string;
  role: MemberRole;
  agendaIds: string[];
}

/**
 * Changes a member's name, linked agendas and (for the eigenaar, `roles` given) role. The
 * eigenaar's own role is not offered: it is handed over with 'Eigenaar maken'.
 */
export function EditMemberDialog({
  member,
  roles,
  onClose,
}: {
  member: TeamEntry | null;
  roles: readonly MemberRole[] | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        {member && <EditMemberForm key={member.id} member={member} roles={roles} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditMemberForm({
  member,
  roles,
  onDone,
}: {
  member: TeamEntry;
  roles: readonly MemberRole[] | null;
  onDone: () => void;
}) {
  const canChangeRole = roles !== null && member.role !== 'eigenaar';
  const form = useForm<EditValues, unknown, UpdateMemberBody>({
    resolver: contractResolver(updateMemberBody, (v: EditValues) =>
      canChangeRole ? v : { name: v.name, agendaIds: v.agendaIds },
    ),
    defaultValues: { name: member.name, role: member.role, agendaIds: member.agendaIds },
  });
  const { errors } = form.formState;
  const update = useUpdateMember({
    onSuccess: () => {
      toast({ title: t.saved });
      onDone();
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['name', 'role', 'agendaIds']);
      toast({ variant: 'destructive', title: t.saveFailed, description: errorMessage(error, t.saveFailed) });
    },
  });
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((body) => {
        if (!update.isPending) update.mutate({ id: member.id, body });
      })}
    >
      <DialogHeader>
        <DialogTitle>{fill(t.editTitle, { name: member.name })}</DialogTitle>
        <DialogDescription>{t.editText}</DialogDescription>
      </DialogHeader>
      <FormField label={t.name} error={errors.name?.message}>
        {(field) => <Input {...field} {...form.register('name')} autoComplete="off" maxLength={100} />}
      </FormField>
      {canChangeRole && (
        <Controller
          control={form.control}
          name="role"
          render={({ field, fieldState }) => (
            <RoleField
              roles={roles}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="agendaIds"
        render={({ field }) => (
          <MemberAgendasField
            value={field.value}
            onChange={field.onChange}
            error={messageAt(errors, 'agendaIds')}
          />
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <PendingButton type="submit" pending={update.isPending} pendingLabel={t.saving}>
          {t.save}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

/** Hands the eigenaar's role to `member`, confirmed with the eigenaar's own password. */
export function MakeOwnerDialog({ member, onClose }: { member: TeamEntry | null; onClose: () => void }) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        {member && <MakeOwnerForm key={member.id} member={member} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function MakeOwnerForm({ member, onDone }: { member: TeamEntry; onDone: () => void }) {
  const form = useForm<MakeOwnerBody>({
    resolver: contractResolver(makeOwnerBody, (v) => v),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const makeOwner = useMakeOwner({
    onSuccess: () => {
      toast({ title: t.ownerChanged });
      onDone();
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['password']);
      toast({
        variant: 'destructive',
        title: t.makeOwnerFailed,
        description: errorMessage(error, t.makeOwnerFailed),
      });
    },
  });
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ password }) => {
        if (!makeOwner.isPending) makeOwner.mutate({ id: member.id, password });
      })}
    >
      <DialogHeader>
        <DialogTitle>{fill(t.makeOwnerTitle, { name: member.name })}</DialogTitle>
        <DialogDescription>{t.makeOwnerText}</DialogDescription>
      </DialogHeader>
      <FormField label={t.password} error={errors.password?.message}>
        {(field) => (
          <Input {...field} {...form.register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <PendingButton type="submit" variant="destructive" pending={makeOwner.isPending}>
          {t.confirmMakeOwner}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
