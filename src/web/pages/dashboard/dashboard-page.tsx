import { CalendarCheck, CalendarClock, CalendarDays, Euro } from 'lucide-react';
import { nl } from '@contracts/messages';
import { formatEuro } from '@core/index';
import { PageHeader } from '@web/components/page-header';
import { useDashboard } from '@web/features/dashboard/api/get-dashboard';
import { DashboardEvents } from '@web/features/dashboard/components/dashboard-events';
import { LoadError } from '@web/components/load-error';
import { RecentBookings } from '@web/features/dashboard/components/recent-bookings';
import { StatCard } from '@web/components/stat-card';
import { MailStatusAlert } from '@web/features/settings/components/mail-status-alert';
import { PaymentKeysAlert } from '@web/features/settings/components/payment-keys-alert';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.dashboard;

export default function DashboardPage() {
  useDocumentTitle(nl.nav.dashboard);
  const dashboard = useDashboard();
  const data = dashboard.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={nl.nav.dashboard} description={nl.pages.dashboardText} />
      <MailStatusAlert linkToSettings />
      <PaymentKeysAlert paidEvents={data?.paidEventCount} />
      {dashboard.isError && !data ? (
        <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <section aria-labelledby="dashboard-stats" aria-busy={!data}>
            <h2 id="dashboard-stats" className="sr-only">
              {t.statsLabel}
            </h2>
            {!data && (
              <p role="status" className="sr-only">
                {t.loading}
              </p>
            )}
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                label={t.events}
                value={data?.eventCount}
                caption={t.eventsCaption}
                icon={CalendarDays}
              />
              <StatCard
                label={t.totalBookings}
                value={data?.bookingCount}
                caption={t.totalBookingsCaption}
                icon={CalendarCheck}
              />
              <StatCard
                label={t.today}
                value={data?.todayCount}
                caption={t.todayCaption}
                icon={CalendarClock}
              />
              <StatCard
                label={t.revenue}
                value={data ? formatEuro(data.revenue) : undefined}
                caption={t.revenueCaption}
                icon={Euro}
              />
            </dl>
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentBookings bookings={data?.recentBookings} />
            <DashboardEvents events={data?.events} />
          </div>
        </>
      )}
    </div>
  );
}
