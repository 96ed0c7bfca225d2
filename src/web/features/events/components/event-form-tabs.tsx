import type { ReactNode } from 'react';
import { ScheduleTabContents } from '@web/components/schedule/schedule-tab-contents';
import { CalendarTab } from '@web/components/schedule/calendar-tab';
import { TabsContent } from '@web/components/ui/tabs';
import { BasisTab, type CategoryChoices } from './basis-tab';
import { DatesSection } from './dates-section';
import { TextMessagesSection, type TextProvider } from './text-messages-section';

/**
 * The seven tab panels of the event form: Basis, Tijd, Pauzes, Velden, Betaling, Calendar, Webhooks
 * (the service's messages: its text messages, then its webhooks).
 */
export function EventFormTabs({
  today,
  categories,
  webhooks,
  textProvider,
}: {
  today: string;
  categories: CategoryChoices;
  /** The webhooks of the Webhooks tab, composed by the page (the webhooks feature owns them). */
  webhooks: ReactNode;
  /** The owner's SMS provider as the page loaded it (the settings feature owns that call). */
  textProvider: TextProvider | undefined;
}) {
  return (
    <>
      <TabsContent value="basis">
        <BasisTab categories={categories} />
      </TabsContent>
      <ScheduleTabContents dates={<DatesSection today={today} />} />
      <TabsContent value="calendar">
        <CalendarTab />
      </TabsContent>
      <TabsContent value="webhooks" className="grid gap-6">
        <TextMessagesSection provider={textProvider} />
        {webhooks}
      </TabsContent>
    </>
  );
}
