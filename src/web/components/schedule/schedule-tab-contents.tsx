import type { ReactNode } from 'react';
import { TabsContent } from '@web/components/ui/tabs';
import { FieldsTab } from './fields-tab';
import { PausesTab } from './pauses-tab';
import { PaymentTab } from './payment-tab';
import { TimeTab } from './time-tab';

/**
 * The four tabs an event and a template share (Tijd, Pauzes, Velden, Betaling), so both forms render
 * the very same editors. They edit the `ScheduleValues` of the react-hook-form around them
 * (FormProvider). `dates` is the event-only date section of the Tijd tab.
 */
export function ScheduleTabContents({ dates }: { dates?: ReactNode }) {
  return (
    <>
      <TabsContent value="tijd">
        <TimeTab>{dates}</TimeTab>
      </TabsContent>
      <TabsContent value="pauzes">
        <PausesTab />
      </TabsContent>
      <TabsContent value="velden">
        <FieldsTab />
      </TabsContent>
      <TabsContent value="betaling">
        <PaymentTab />
      </TabsContent>
    </>
  );
}
