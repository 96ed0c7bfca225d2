import { useForm } from 'react-hook-form';
import { blockBody, type CustomerDetail } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { ConfirmDialog } from '@web/components/confirm-dialog';
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
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useBlockCustomer } from '../api/block-customer';
import { useUnblockCustomer } from '../api/unblock-customer';

const t = nl.customersUi;

/** 'Blokkeren' with its reason (for the team), so the customer can no longer book online. */
export function BlockDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: CustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {open && <BlockForm customer={customer} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BlockForm({ customer, onDone }: { customer: CustomerDetail; onDone: () => void }) {
  const form = useForm<{ reason: string }, unknown, { reason: string }>({
    defaultValues: { reason: '' },
    resolver: contractResolver(blockBody, (v) => v),
  });
  const block = useBlockCustomer({
    onSuccess: (card) => {
      toast({ title: t.blockedToast, description: fill(t.blockedToastText, { name: card.name }) });
      onDone();
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['reason']);
      toast({ variant: 'destructive', title: t.blockFailed, description: describeError(error) });
    },
  });
  const submit = form.handleSubmit(({ reason }) => block.mutate({ id: customer.id, reason }));
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{fill(t.blockTitle, { name: customer.name })}</DialogTitle>
        <DialogDescription>{t.blockText}</DialogDescription>
      </DialogHeader>
      <FormField
        label={t.blockReason}
        hint={t.blockReasonHint}
        error={messageAt(form.formState.errors, 'reason')}
      >
        {(props) => <Textarea {...props} rows={3} {...form.register('reason')} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={block.isPending}>
          {t.cancel}
        </Button>
        <PendingButton
          type="submit"
          variant="destructive"
          pending={block.isPending}
          pendingLabel={t.blocking}
        >
          {t.blockConfirm}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

/** 'Deblokkeren': after a confirmation the customer may book online again. */
export function UnblockDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: CustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const unblock = useUnblockCustomer({
    onSuccess: (card) => {
      toast({ title: t.unblockedToast, description: fill(t.unblockedToastText, { name: card.name }) });
      onOpenChange(false);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t.unblockFailed, description: describeError(error) }),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={fill(t.unblockTitle, { name: customer.name })}
      description={t.unblockText}
      confirmLabel={t.unblockConfirm}
      keepLabel={t.cancel}
      pending={unblock.isPending}
      onConfirm={() => unblock.mutate(customer.id)}
    />
  );
}
