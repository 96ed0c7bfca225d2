import type { ReactNode } from 'react';
import { TabsContent } from '@web/components/ui/tabs';
import { FieldsTab } from '@web/components/schedule/fields-tab';
import { PausesTab } from '@web/components/schedule/pauses-tab';
import { PaymentTab } from '@web/components/schedule/payment-tab';
import { TimeTab } from '@web/components/schedule/time-tab';
import type { ScheduleTabProps } from '@web/components/schedule/types';

/**
 * The four tabs an event and a template share (Tijd, Pauzes, Velden, Betaling), so both forms
 * render the very same editors. `dates` is the event-only date section of the Tijd tab.
 */
export function ScheduleTabContents({ dates, ...props }: ScheduleTabProps & { dates?: ReactNode }) {
  return (
    <>
      <TabsContent value="tijd">
        <TimeTab {...props}>{dates}</TimeTab>
      </TabsContent>
      <TabsContent value="pauzes">
        <PausesTab {...props} />
      </TabsContent>
      <TabsContent value="velden">
        <FieldsTab {...props} />
      </TabsContent>
      <TabsContent value="betaling">
        <PaymentTab {...props} />
      </TabsContent>
    </>
  );
}
