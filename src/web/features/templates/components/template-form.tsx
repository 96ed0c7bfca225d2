import { useId, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import type { TemplateBody } from '@contracts/templates';
import { ServiceAgendasField } from '@web/components/service-agendas-field';
import { ColorField } from '@web/components/color-field';
import { FormFooter } from '@web/components/form-footer';
import { FormAlert, InlineError } from '@web/components/form-messages';
import { FormTabsList } from '@web/components/form-tabs-list';
import { CalendarTab } from '@web/components/schedule/calendar-tab';
import { ScheduleTabContents } from '@web/components/schedule/schedule-tab-contents';
import { SectionCard } from '@web/components/section-card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { errorEntries, messageAt } from '@web/lib/form-errors';
import { orderedErrors, reportInvalid, reportSaveFailure } from '@web/lib/report-errors';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import {
  TEMPLATE_TABS,
  templateFieldName,
  templateResolver,
  templateTabOf,
  type TemplateFormValues,
  type TemplateTab,
} from '../lib/template-form-model';
import { TemplateWebhooksEditor } from './template-webhooks-editor';
import { useUnsavedChangesGuard } from '@web/lib/unsaved-changes';

const t = nl.templatesUi;

/** The template editor (docs/PRODUCT.md#templates): the event form's schedule tabs plus name, colour and webhook list. */
export function TemplateForm({
  templateId,
  initial,
}: {
  templateId?: string;
  initial: () => TemplateFormValues;
}) {
  const id = useId();
  const [, navigate] = useLocation();
  const [defaultValues] = useState(initial);
  const form = useForm<TemplateFormValues, unknown, TemplateBody>({
    defaultValues,
    resolver: templateResolver,
    // The first error may sit on a tab that is not shown; reportInvalid opens that tab instead.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  useUnsavedChangesGuard(form.formState.isDirty);
  const [tab, setTab] = useState<TemplateTab>('basis');
  const tabs = { tabs: TEMPLATE_TABS, tabOf: templateTabOf, setTab };

  const done = (title: string) => {
    toast({ title });
    navigate('/templates');
  };
  const failed = (fallback: string) => (error: Error) =>
    reportSaveFailure(error, fallback, { ...tabs, setError: form.setError, toField: templateFieldName });
  const create = useCreateTemplate({ onSuccess: () => done(t.saved), onError: failed(t.saveFailed) });
  const save = useUpdateTemplate({ onSuccess: () => done(t.updated), onError: failed(t.updateFailed) });
  const pending = create.isPending || save.isPending;

  const submit = form.handleSubmit(
    (body) => {
      if (pending) return;
      if (templateId) save.mutate({ id: templateId, body });
      else create.mutate(body);
    },
    (invalid) => reportInvalid(invalid, tabs),
  );

  const nameError = messageAt(errors, 'templateName');
  const errorTabs = new Set(
    orderedErrors(errorEntries(errors), TEMPLATE_TABS, templateTabOf).map((x) => x.tab),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="grid gap-6">
        <FormAlert message={errors.root?.message} />
        <Tabs value={tab} onValueChange={(v) => setTab(v as TemplateTab)}>
          <FormTabsList tabs={TEMPLATE_TABS} labels={t.tabs} errorTabs={errorTabs} />
          <TabsContent value="basis">
            <SectionCard title={t.basisTitle} description={t.basisText}>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="grid content-start gap-2">
                  <Label htmlFor={`${id}-name`}>
                    {t.templateName}
                    <span aria-hidden="true" className="text-destructive-text">
                      *
                    </span>
                  </Label>
                  <Input
                    id={`${id}-name`}
                    {...form.register('templateName')}
                    placeholder={t.templateNamePlaceholder}
                    required
                    maxLength={200}
                    aria-invalid={!!nameError}
                    aria-describedby={nameError ? `${id}-name-error` : undefined}
                  />
                  <InlineError id={`${id}-name-error`} message={nameError} />
                </div>
                <Controller
                  control={form.control}
                  name="themeColor"
                  render={({ field }) => (
                    <ColorField
                      label={nl.eventForm.themeColor}
                      pickerLabel={nl.eventForm.themeColorPicker}
                      hint={nl.eventForm.themeColorHint}
                      value={field.value}
                      onChange={field.onChange}
                      error={messageAt(errors, 'themeColor')}
                    />
                  )}
                />
              </div>
              <div className="mt-5">
                <ServiceAgendasField />
              </div>
            </SectionCard>
          </TabsContent>
          <ScheduleTabContents />
          <TabsContent value="kalender">
            <CalendarTab />
          </TabsContent>
          <TabsContent value="webhooks">
            <Controller
              control={form.control}
              name="webhooksConfig"
              render={({ field, fieldState }) => (
                <TemplateWebhooksEditor
                  value={field.value}
                  onChange={field.onChange}
                  errors={fieldState.error}
                />
              )}
            />
          </TabsContent>
        </Tabs>
        <FormFooter
          cancelHref="/templates"
          cancelLabel={t.cancel}
          submitLabel={t.save}
          pendingLabel={t.saving}
          pending={pending}
        />
      </form>
    </FormProvider>
  );
}
