import { CalendarClock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createNoteBody,
  updateNoteBody,
  type CreateNoteBody,
  type CustomerNoteDto,
} from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatShortDutchDate } from '@core/index';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { IconAction } from '@web/components/icon-action';
import { PendingButton } from '@web/components/pending-button';
import { SectionCard } from '@web/components/section-card';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { describeError, errorMessage } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useDialogTarget } from '@web/lib/use-dialog-target';
import { useCreateNote } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote, type UpdateNoteBody } from '../api/update-note';
import { momentText } from '../lib/customer-text';

const t = nl.customersUi;

interface NoteValues {
  text: string;
  /** yyyy-MM-dd, or '' for none. */
  followUpOn: string;
}

const noteBody = (v: NoteValues) => ({ text: v.text, followUpOn: v.followUpOn || null });

/** The team's notes about the customer, newest first: add, edit, delete, each with an optional follow-up day. */
export function CustomerNotes({
  customerId,
  notes,
  timeZone,
}: {
  customerId: string;
  notes: readonly CustomerNoteDto[];
  timeZone: string;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const removal = useDialogTarget<CustomerNoteDto>();
  const remove = useDeleteNote({
    onSuccess: () => {
      toast({ title: t.noteDeleted });
      removal.onOpenChange(false);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t.noteDeleteFailed,
        description: errorMessage(error, describeError(error)),
      }),
  });
  return (
    <SectionCard title={t.notesTitle} description={t.notesText}>
      <div className="grid gap-5">
        <NoteForm customerId={customerId} />
        {notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noNotes}</p>
        ) : (
          <ul aria-label={t.notesTitle} className="grid gap-3">
            {notes.map((note) => (
              <li key={note.id} className="grid gap-2 rounded-lg border bg-card p-3">
                {editing === note.id ? (
                  <NoteForm customerId={customerId} note={note} onDone={() => setEditing(null)} />
                ) : (
                  <>
                    <div className="flex items-start justify-between gap-2">
                      <p className="min-w-0 text-sm break-words whitespace-pre-wrap">{note.text}</p>
                      <div className="-mt-1 -mr-1 flex shrink-0">
                        <IconAction label={t.editNote} onClick={() => setEditing(note.id)}>
                          <Pencil aria-hidden="true" />
                        </IconAction>
                        <IconAction label={t.deleteNote} onClick={() => removal.show(note)}>
                          <Trash2 aria-hidden="true" />
                        </IconAction>
                      </div>
                    </div>
                    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      {note.followUpOn && (
                        <Badge variant="soft">
                          <CalendarClock aria-hidden="true" />
                          {fill(t.followUpBadge, { date: formatShortDutchDate(note.followUpOn) })}
                        </Badge>
                      )}
                      <span>
                        {fill(note.memberName ? t.noteBy : t.noteByUnknown, {
                          name: note.memberName ?? '',
                          when: momentText(note.createdAt, timeZone),
                        })}
                        {note.updatedAt !== note.createdAt && ` ${t.noteEdited}`}
                      </span>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removal.open}
        onOpenChange={removal.onOpenChange}
        title={t.deleteNoteTitle}
        description={t.deleteNoteText}
        confirmLabel={t.deleteNoteConfirm}
        keepLabel={t.cancel}
        pending={remove.isPending}
        onConfirm={() => removal.target && remove.mutate({ customerId, noteId: removal.target.id })}
      />
    </SectionCard>
  );
}

/** A new note (without `note`), or the edit of one in its place. */
function NoteForm({
  customerId,
  note,
  onDone,
}: {
  customerId: string;
  note?: CustomerNoteDto;
  onDone?: () => void;
}) {
  const form = useForm<NoteValues, unknown, CreateNoteBody | UpdateNoteBody>({
    defaultValues: { text: note?.text ?? '', followUpOn: note?.followUpOn ?? '' },
    resolver: note ? contractResolver(updateNoteBody, noteBody) : contractResolver(createNoteBody, noteBody),
  });
  const errors = form.formState.errors;
  const onError = (error: Error) => {
    const shown = applyServerFieldErrors(error, form.setError, ['text', 'followUpOn']);
    if (!shown.length) form.setError('root', { type: 'server', message: describeError(error) });
    toast({ variant: 'destructive', title: t.noteFailed, description: describeError(error) });
  };
  const create = useCreateNote({
    onSuccess: () => {
      toast({ title: t.noteAdded });
      form.reset({ text: '', followUpOn: '' });
    },
    onError,
  });
  const update = useUpdateNote({
    onSuccess: () => {
      toast({ title: t.noteSaved });
      onDone?.();
    },
    onError,
  });
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit((body) => {
    if (note) update.mutate({ customerId, noteId: note.id, body: body as UpdateNoteBody });
    else create.mutate({ customerId, body: body as CreateNoteBody });
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label={note ? t.noteEditLabel : t.noteLabel} error={messageAt(errors, 'text')}>
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            placeholder={note ? undefined : t.notePlaceholder}
            {...form.register('text')}
          />
        )}
      </FormField>
      <FormField
        label={`${t.followUpOn} ${t.optional}`}
        hint={t.followUpHint}
        error={messageAt(errors, 'followUpOn')}
      >
        {(props) => <Input {...props} type="date" className="sm:w-56" {...form.register('followUpOn')} />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {note && (
          <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
            {t.cancel}
          </Button>
        )}
        <PendingButton type="submit" pending={pending} pendingLabel={note ? t.saving : t.addingNote}>
          {note ? t.save : t.addNote}
        </PendingButton>
      </div>
      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {errors.root.message}
        </p>
      )}
    </form>
  );
}
