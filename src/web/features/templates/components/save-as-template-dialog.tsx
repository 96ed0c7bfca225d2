import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { nl } from '@contracts/messages';
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
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { InlineError } from '@web/components/form-messages';
import { errorsFromApi } from '@web/lib/field-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';
import { errorMessage } from '@web/lib/api-client';
import { useCreateTemplate } from '../api/create-template';
import { templateErrorsToForm, templatePayload, validateTemplate } from '../lib/template-form-model';

const t = nl.eventForm;

/** "Opslaan als template" on the event form: asks a name, then POSTs the form's current settings. */
export function SaveAsTemplateDialog({
  open,
  onOpenChange,
  schedule,
  webhooks,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schedule: ScheduleValues;
  webhooks: ReadonlyArray<{ name: string; url: string }>;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateTemplate({
    onSuccess: () => {
      toast({ title: t.templateSaved, description: t.templateSavedText });
      setName('');
      onOpenChange(false);
    },
    onError: (err) => {
      const fields = templateErrorsToForm(errorsFromApi(err));
      setError(fields.templateName ?? Object.values(fields)[0]);
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(err, nl.templatesUi.saveFailed),
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation(); // React bubbles submit through the portal to the event form around the trigger.
    const body = templatePayload(name, schedule, webhooks);
    const errors = validateTemplate(body);
    const first = errors.templateName ?? Object.values(errors)[0];
    setError(first);
    if (first) {
      toast({ variant: 'destructive', title: t.checkForm, description: first });
      return;
    }
    create.mutate(body);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.saveAsTemplate}</DialogTitle>
            <DialogDescription>{t.saveTemplateText}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t.templateName}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(undefined);
              }}
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
            <Button type="submit" disabled={create.isPending || name.trim() === ''}>
              {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {nl.templatesUi.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
