import { useForm } from 'react-hook-form';
import {
  CLASS_MESSAGE_MAX,
  CLASS_MESSAGE_SUBJECT_MAX,
  classMessageBody,
  type ClassMessageBody,
} from '@contracts/class-sessions';
import { nl } from '@contracts/messages';
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
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useSendClassMessage } from '../api/send-class-message';

const t = nl.classAttendees;

interface MessageValues {
  subject: string;
  message: string;
}

/**
 * 'E-mail alle deelnemers' (docs/PRODUCT.md#classes): a subject and a message, sent to every attendee
 * of the class with an address, the class and the business under it.
 */
export function ClassMessageDialog({
  sessionId,
  recipients,
  open,
  onOpenChange,
}: {
  sessionId: string;
  /** How many live attendees there are, for the description (the server counts the addresses). */
  recipients: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        {open && (
          <MessageForm sessionId={sessionId} recipients={recipients} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MessageForm({
  sessionId,
  recipients,
  onDone,
}: {
  sessionId: string;
  recipients: number;
  onDone: () => void;
}) {
  const form = useForm<MessageValues, unknown, ClassMessageBody>({
    defaultValues: { subject: '', message: '' },
    resolver: contractResolver<MessageValues, ClassMessageBody>(classMessageBody, (v) => v),
  });
  const send = useSendClassMessage({
    onSuccess: ({ recipients: n }) => {
      toast({ title: n === 1 ? t.sentOne : fill(t.sent, { n }) });
      onDone();
    },
    onError: (error) => {
      applyServerFieldErrors(error, form.setError, ['subject', 'message']);
      toast({ variant: 'destructive', title: t.sendFailed, description: describeError(error) });
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="grid min-w-0 gap-5"
      onSubmit={form.handleSubmit((body) => send.mutate({ id: sessionId, body }))}
    >
      <DialogHeader>
        <DialogTitle>{t.mailTitle}</DialogTitle>
        <DialogDescription>{fill(t.mailDescription, { n: recipients })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <FormField label={t.subject} error={messageAt(errors, 'subject')}>
          {(props) => (
            <Input
              {...props}
              maxLength={CLASS_MESSAGE_SUBJECT_MAX}
              autoComplete="off"
              {...form.register('subject')}
            />
          )}
        </FormField>
        <FormField label={t.message} error={messageAt(errors, 'message')}>
          {(props) => (
            <Textarea {...props} rows={7} maxLength={CLASS_MESSAGE_MAX} {...form.register('message')} />
          )}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={send.isPending}>
          {nl.bookingsUi.close}
        </Button>
        <PendingButton type="submit" pending={send.isPending} pendingLabel={t.sending}>
          {t.send}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
