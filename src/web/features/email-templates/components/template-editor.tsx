import { Eye, Pencil, RotateCcw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { EmailTemplateDto } from '@contracts/email-templates';
import { DEFAULT_EMAIL_TEMPLATES } from '@contracts/email-defaults';
import type { EmailTemplateType } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { EmailValues } from '@core/index';
import { FormField } from '@web/components/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useCreateEmailTemplate } from '../api/create-email-template';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { editorFieldName, editorResolver, toEditorValues, type EditorForm } from '../lib/editor-form';
import { useEditorActions } from '../lib/use-editor-actions';
import { EditorToolbar } from './editor-toolbar';
import { HtmlPreview } from './html-preview';
import { ReminderTiming } from './reminder-timing';
import { VariablesHelp } from './variables-help';
import { useUnsavedChangesGuard } from '@web/lib/unsaved-changes';

const t = nl.emailTemplatesUi;

export interface EditorMessages {
  saved: string;
  createFailed: string;
  updateFailed: string;
}

/** Subject, HTML body with toolbar and preview, variables, active switch, reset and save (docs/PRODUCT.md#email-templates-page). */
export function TemplateEditor({
  type,
  template,
  sample,
  messages,
  actions,
}: {
  type: EmailTemplateType;
  /** Undefined when the owner has no template of this type yet: the default is shown and saving creates it. */
  template: EmailTemplateDto | undefined;
  sample: EmailValues;
  messages: EditorMessages;
  /** Extra buttons in the footer (e.g. delete a reminder). */
  actions?: ReactNode;
}) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  const form: EditorForm = useForm({
    resolver: editorResolver(type, template),
    defaultValues: toEditorValues(type, template),
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);
  const editor = useEditorActions(form);
  const [subject, htmlBody] = useWatch({ control: form.control, name: ['subject', 'htmlBody'] });

  const onError = (fallback: string) => (error: Error) => {
    applyServerFieldErrors(error, form.setError, editorFieldName);
    toast({ variant: 'destructive', title: fallback, description: describeError(error) });
  };
  const onSaved = (saved: EmailTemplateDto) => {
    form.reset(toEditorValues(type, saved));
    toast({ title: messages.saved, description: t.savedText });
  };
  const create = useCreateEmailTemplate({ onSuccess: onSaved, onError: onError(messages.createFailed) });
  const update = useUpdateEmailTemplate({ onSuccess: onSaved, onError: onError(messages.updateFailed) });
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((body) => {
    if (template) update.mutate({ id: template.id, body });
    else create.mutate(body);
  });

  const reset = () => {
    const d = DEFAULT_EMAIL_TEMPLATES[type];
    form.setValue('subject', d.subject, { shouldDirty: true, shouldValidate: true });
    form.setValue('htmlBody', d.htmlBody, { shouldDirty: true, shouldValidate: true });
    toast({ title: t.resetDone, description: t.resetDoneText });
  };

  const subjectField = form.register('subject');
  const bodyField = form.register('htmlBody');
  const subjectBind = editor.bind('subject');
  const bodyBind = editor.bind('htmlBody');
  const bodyId = `${id}-body`;
  const bodyError = errors.htmlBody?.message;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_15rem]">
      <div className="grid min-w-0 content-start gap-5">
        {type === 'reminder' && <ReminderTiming form={form} />}
        <FormField label={t.subject} error={errors.subject?.message}>
          {(field) => (
            <Input
              {...field}
              {...subjectField}
              ref={(el) => {
                subjectField.ref(el);
                subjectBind.ref(el);
              }}
              onFocus={subjectBind.onFocus}
            />
          )}
        </FormField>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Label htmlFor={bodyId}>{t.body}</Label>
            <Button variant="outline" size="sm" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
              {preview ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {preview ? t.hidePreview : t.showPreview}
            </Button>
          </div>
          <div className="grid overflow-hidden rounded-md border bg-background shadow-xs">
            <div className="border-b bg-muted/40 px-1.5 py-1">
              <EditorToolbar onWrap={editor.wrap} disabled={preview} controls={bodyId} />
            </div>
            {preview && <HtmlPreview subject={subject} htmlBody={htmlBody} values={sample} />}
            <Textarea
              id={bodyId}
              hidden={preview}
              spellCheck={false}
              aria-invalid={!!bodyError}
              aria-describedby={`${bodyId}-hint${bodyError ? ` ${bodyId}-error` : ''}`}
              className="min-h-[400px] resize-y rounded-none border-0 font-mono text-[13px] leading-relaxed shadow-none focus-visible:ring-0"
              {...bodyField}
              ref={(el) => {
                bodyField.ref(el);
                bodyBind.ref(el);
              }}
              onFocus={bodyBind.onFocus}
            />
          </div>
          <p id={`${bodyId}-hint`} className="text-xs text-muted-foreground">
            {t.bodyHint}
          </p>
          {bodyError && (
            <p id={`${bodyId}-error`} className="text-sm font-medium text-destructive-text">
              {bodyError}
            </p>
          )}
        </div>
      </div>
      <aside className="grid content-start gap-4">
        <div className="flex items-start justify-between gap-3 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-active`}>{t.active}</Label>
            <p id={`${id}-active-hint`} className="text-xs text-muted-foreground">
              {t.activeHint}
            </p>
          </div>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <Switch
                id={`${id}-active`}
                aria-describedby={`${id}-active-hint`}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </div>
        <VariablesHelp onInsert={(v) => editor.insert(`{{${v}}}`)} />
      </aside>
      <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between lg:col-span-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={reset} disabled={pending}>
            <RotateCcw aria-hidden="true" />
            {t.reset}
          </Button>
          {actions}
        </div>
        <div className="flex items-center justify-end gap-3">
          {(isDirty || !template) && <Badge variant="outline">{t.unsaved}</Badge>}
          <PendingButton type="submit" pending={pending} pendingLabel={t.saving}>
            {t.save}
          </PendingButton>
        </div>
      </div>
    </form>
  );
}
