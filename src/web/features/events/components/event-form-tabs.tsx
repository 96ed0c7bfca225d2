import { nl } from '@contracts/messages';
import { TabsContent } from '@web/components/ui/tabs';
import { WebhooksManager } from '@web/features/webhooks/components/webhooks-manager';
import type { FieldErrors } from '@web/lib/field-errors';
import type { EventFormValues } from '../lib/event-form-model';
import { BasisTab } from './basis-tab';
import { CalendarTab } from '@web/components/schedule/calendar-tab';
import { DatesSection } from './dates-section';
import { ScheduleTabContents } from '@web/components/schedule/schedule-tab-contents';
import { SectionCard } from '@web/components/section-card';

const t = nl.eventForm;

/** The seven tab panels of the event form: Basis, Tijd, Pauzes, Velden, Betaling, Calendar, Webhooks. */
export function EventFormTabs({
  eventId,
  values,
  update,
  errors,
  today,
  templateWebhooks,
}: {
  eventId?: string;
  values: EventFormValues;
  update: (patch: Partial<EventFormValues>) => void;
  errors: FieldErrors;
  today: string;
  templateWebhooks: ReadonlyArray<{ name: string; url: string }>;
}) {
  const shared = { values, onChange: update, errors };
  return (
    <>
      <TabsContent value="basis">
        <BasisTab values={values} onChange={update} errors={errors} />
      </TabsContent>
      <ScheduleTabContents
        {...shared}
        dates={<DatesSection values={values} onChange={update} errors={errors} today={today} />}
      />
      <TabsContent value="calendar">
        <CalendarTab value={values.googleCalendarId} onChange={(googleCalendarId) => update({ googleCalendarId })} />
      </TabsContent>
      <TabsContent value="webhooks">
        {eventId ? (
          <WebhooksManager eventId={eventId} />
        ) : (
          <SectionCard title={nl.webhooksUi.title} description={nl.webhooksUi.text}>
            <div className="grid gap-3 text-sm">
              <p className="rounded-lg border border-dashed p-4 text-muted-foreground">
                {t.webhooksAfterSave}
              </p>
              {templateWebhooks.length > 0 && (
                <>
                  <p>{t.webhooksFromTemplate}</p>
                  <ul className="grid gap-2">
                    {templateWebhooks.map((w) => (
                      <li key={`${w.name}-${w.url}`} className="rounded-lg border px-4 py-2">
                        <span className="font-medium">{w.name}</span>
                        <span className="ml-2 font-mono text-xs text-muted-foreground">{w.url}</span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </SectionCard>
        )}
      </TabsContent>
    </>
  );
}
