import { nl } from '@contracts/messages';
import { TabsList, TabsTrigger } from '@web/components/ui/tabs';

/** The tab strip of the event and template forms; a red dot (and screen-reader text) marks tabs with errors. */
export function FormTabsList<T extends string>({
  tabs,
  labels,
  errorTabs,
}: {
  tabs: readonly T[];
  labels: Record<T, string>;
  errorTabs: ReadonlySet<T>;
}) {
  return (
    <TabsList className="w-full sm:w-fit">
      {tabs.map((tab) => (
        <TabsTrigger key={tab} value={tab}>
          {labels[tab]}
          {errorTabs.has(tab) && (
            <>
              <span aria-hidden="true" className="size-1.5 rounded-full bg-destructive" />
              <span className="sr-only">{nl.eventForm.tabHasErrors}</span>
            </>
          )}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
