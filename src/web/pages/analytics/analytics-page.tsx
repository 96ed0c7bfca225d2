import { useState } from 'react';
import { nl } from '@contracts/messages';
import { STATS_PERIODS, type StatsPeriod } from '@core/index';
import { PageHeader } from '@web/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAnalytics } from '@web/features/analytics/api/get-analytics';
import { AnalyticsOverview } from '@web/features/analytics/components/analytics-overview';
import { PeriodPanel } from '@web/features/analytics/components/period-panel';
import { UpcomingWeek } from '@web/features/analytics/components/upcoming-week';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.analyticsUi;

export default function AnalyticsPage() {
  useDocumentTitle(nl.nav.analytics);
  const [period, setPeriod] = useState<StatsPeriod>('today');
  const data = useAnalytics(period, { keepPrevious: true }).data;

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader title={nl.nav.analytics} description={nl.pages.analyticsText} />
      <AnalyticsOverview overview={data?.overview} />
      <UpcomingWeek upcoming={data?.upcoming} />
      <section aria-labelledby="analytics-period" className="grid gap-3">
        <h2 id="analytics-period" className="text-lg font-semibold">
          {t.periodsLabel}
        </h2>
        <Tabs value={period} onValueChange={(v) => setPeriod(v as StatsPeriod)} className="gap-6">
          <TabsList aria-label={t.periodsLabel}>
            {STATS_PERIODS.map((p) => (
              <TabsTrigger key={p} value={p}>
                {t.periods[p]}
              </TabsTrigger>
            ))}
          </TabsList>
          {STATS_PERIODS.map((p) => (
            <TabsContent key={p} value={p}>
              <PeriodPanel period={p} />
            </TabsContent>
          ))}
        </Tabs>
      </section>
    </div>
  );
}
