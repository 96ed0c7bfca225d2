import type { ReactNode } from 'react';
import { ScheduleTabContents } from '@web/components/schedule/schedule-tab-contents';
import { CalendarTab } from '@web/components/schedule/calendar-tab';
import { TabsContent } from '@web/components/ui/tabs';
import { BasisTab, type CategoryChoices } from './basis-tab';
import { DatesSection } from './dates-section';

/** The seven tab panels of the event form: Basis, Tijd, Pauzes, Velden, Betaling, Calendar, Webhooks. */
export function EventFormTabs({
  today,
  categories,
  webhooks,
}: {
  today: string;
  categories: CategoryChoices;
  /** The Webhooks tab, composed by the page (the webhooks feature owns it). */
  webhooks: ReactNode;
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
      <TabsContent value="webhooks">{webhooks}</TabsContent>
    </>
  );
}
