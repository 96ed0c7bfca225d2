import { LayoutTemplate } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import type { TemplateBody } from '@contracts/templates';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyServerFieldErrors, errorEntries } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';
import { useCreateTemplate } from '../api/create-template';
import { saveAsTemplateResolver, templateFieldName } from '../lib/template-form-model';

const t = nl.eventForm;

/**
 * "Opslaan als template" on the event form: a button that asks a name, then POSTs the event form's
 * current settings (`getSchedule`) and `webhooks` as a template.
 */
export function SaveAsTemplateAction({
  getSchedule,
  webhooks,
}: {
  getSchedule: () => ScheduleValues;
  webhooks: ReadonlyArray<{ name: string; url: string }>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LayoutTemplate aria-hidden="true" />
        {t.saveAsTemplate}
      </Button>
      <SaveAsTemplateDialog
        open={open}
        onOpenChange={setOpen}
        getSchedule={getSchedule}
        webhooks={webhooks}
      />
    </>
  );
}

function SaveAsTemplateDialog({
  open,
  onOpenChange,
  getSchedule,
  webhooks,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  getSchedule: () => ScheduleValues;
  webhooks: ReadonlyArray<{ name: string; url: string }>;
}) {
  const id = useId();
  const form = useForm<{ templateName: string }, unknown, TemplateBody>({
    defaultValues: { templateName: '' },
    resolver: saveAsTemplateResolver(getSchedule, webhooks),
  });
  const name = useWatch({ control: form.control, name: 'templateName' });
  // The whole template is checked; its first problem shows under the one input there is.
  const error =
    form.formState.errors.templateName?.message ?? errorEntries(form.formState.errors)[0]?.message;
  const create = useCreateTemplate({
    onSuccess: () => {
      toast({ title: t.templateSaved, description: t.templateSavedText });
      form.reset();
      onOpenChange(false);
    },
    onError: (err) => {
      applyServerFieldErrors(err, form.setError, templateFieldName);
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(err, nl.templatesUi.saveFailed),
      });
    },
  });

  const submit = form.handleSubmit(
    (body) => create.mutate(body),
    (errors) => {
      const first = errors.templateName?.message ?? errorEntries(errors)[0]?.message;
      if (first) toast({ variant: 'destructive', title: t.checkForm, description: first });
    },
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <form
          noValidate
          onSubmit={(e) => {
            e.stopPropagation(); // React bubbles submit through the portal to the event form around the trigger.
            void submit(e);
          }}
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{t.saveAsTemplate}</DialogTitle>
            <DialogDescription>{t.saveTemplateText}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t.templateName}</Label>
            <Input
              id={`${id}-name`}
              {...form.register('templateName', {
                // A new name starts over: problems elsewhere in the template are checked again on save.
                onChange: () => form.clearErrors(),
              })}
              placeholder={nl.templatesUi.templateNamePlaceholder}
              maxLength={200}
              required
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <InlineError id={`${id}-error`} message={error} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              {t.cancel}
            </Button>
            <PendingButton type="submit" pending={create.isPending} disabled={name.trim() === ''}>
              {nl.templatesUi.save}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
