import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { CalendarTab } from '@web/components/schedule/calendar-tab';
import { ColorField } from '@web/components/color-field';
import { FormTabsList } from '@web/components/form-tabs-list';
import { ScheduleTabContents } from '@web/components/schedule/schedule-tab-contents';
import { FormAlert, InlineError } from '@web/components/form-messages';
import { SectionCard } from '@web/components/section-card';
import { errorsUnder } from '@web/lib/field-errors';
import { orderedErrors, reportInvalid, reportSaveFailure } from '@web/lib/report-errors';
import { useFormValues } from '@web/lib/use-form-values';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { TemplateWebhooksEditor } from './template-webhooks-editor';
import { FormFooter } from '@web/components/form-footer';
import {
  TEMPLATE_TABS,
  templateErrorsToForm,
  templatePayload,
  templateTabOf,
  validateTemplate,
  type TemplateFormValues,
  type TemplateTab,
} from '../lib/template-form-model';

const t = nl.templatesUi;

/** The template editor (spec §2.9): the event form's schedule tabs plus name, colour and webhook list. */
export function TemplateForm({
  templateId,
  initial,
}: {
  templateId?: string;
  initial: () => TemplateFormValues;
}) {
  const id = useId();
  const [, navigate] = useLocation();
  const { values, errors, setErrors, update } = useFormValues(initial);
  const [tab, setTab] = useState<TemplateTab>('basis');
  const report = {
    tabs: TEMPLATE_TABS,
    tabOf: templateTabOf,
    setErrors,
    setTab,
    mapErrors: templateErrorsToForm,
  };
  const done = (title: string) => {
    toast({ title });
    navigate('/templates');
  };
  const create = useCreateTemplate({
    onSuccess: () => done(t.saved),
    onError: (error) => reportSaveFailure(error, t.saveFailed, report),
  });
  const save = useUpdateTemplate({
    onSuccess: () => done(t.updated),
    onError: (error) => reportSaveFailure(error, t.updateFailed, report),
  });
  const pending = create.isPending || save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = templatePayload(values.templateName, values, values.webhooksConfig);
    if (pending || reportInvalid(validateTemplate(body), report)) return;
    setErrors({});
    if (templateId) save.mutate({ id: templateId, body });
    else create.mutate(body);
  };

  const shared = { values, onChange: update, errors };
  const errorTabs = new Set(orderedErrors(errors, TEMPLATE_TABS, templateTabOf).map((x) => x.tab));

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormAlert message={errors._} />
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
                  value={values.templateName}
                  onChange={(e) => update({ templateName: e.target.value })}
                  placeholder={t.templateNamePlaceholder}
                  required
                  maxLength={200}
                  aria-invalid={!!errors.templateName}
                  aria-describedby={errors.templateName ? `${id}-name-error` : undefined}
                />
                <InlineError id={`${id}-name-error`} message={errors.templateName} />
              </div>
              <ColorField
                label={nl.eventForm.themeColor}
                pickerLabel={nl.eventForm.themeColorPicker}
                hint={nl.eventForm.themeColorHint}
                value={values.themeColor}
                onChange={(themeColor) => update({ themeColor })}
                error={errors.themeColor}
              />
            </div>
          </SectionCard>
        </TabsContent>
        <ScheduleTabContents {...shared} />
        <TabsContent value="kalender">
          <CalendarTab value={values.googleCalendarId} onChange={(googleCalendarId) => update({ googleCalendarId })} />
        </TabsContent>
        <TabsContent value="webhooks">
          <TemplateWebhooksEditor
            value={values.webhooksConfig}
            onChange={(webhooksConfig) => update({ webhooksConfig })}
            errors={errorsUnder(errors, 'webhooksConfig')}
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
  );
}
