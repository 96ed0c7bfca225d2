import { CalendarCheck, CalendarClock, CalendarDays, Euro } from 'lucide-react';
import { nl } from '@contracts/messages';
import { formatEuro, todayInZone } from '@core/index';
import { useBookingsInRange } from '@web/features/bookings/api/get-bookings-range';
import { OpenRequestsCard } from '@web/features/bookings/components/open-requests-card';
import { useCurrentUser } from '@web/lib/current-user';
import { PageHeader } from '@web/components/page-header';
import { useDashboard } from '@web/features/dashboard/api/get-dashboard';
import { DashboardEvents } from '@web/features/dashboard/components/dashboard-events';
import { LoadError } from '@web/components/load-error';
import { RecentBookings } from '@web/features/dashboard/components/recent-bookings';
import { FollowUpsCard } from '@web/features/customers/components/follow-ups-card';
import { StatCard } from '@web/components/stat-card';
import { MailStatusAlert } from '@web/features/settings/components/mail-status-alert';
import { PaymentKeysAlert } from '@web/features/settings/components/payment-keys-alert';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.dashboard;

export default function DashboardPage() {
  useDocumentTitle(nl.nav.dashboard);
  const dashboard = useDashboard();
  const data = dashboard.data;
  const user = useCurrentUser();
  const allowed = user.allowedActions;
  // docs/PRODUCT.md#roles: without the figures, the day's own appointments are what the page is for.
  const figures = allowed.includes('insights');
  const today = todayInZone(new Date(), user.timeZone);
  const todays = useBookingsInRange({ from: today, to: today });

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={nl.nav.dashboard} description={nl.pages.dashboardText} />
      {allowed.includes('settings') && <MailStatusAlert linkToSettings />}
      {allowed.includes('settings') && <PaymentKeysAlert paidEvents={data?.paidEventCount} />}
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
            <dl
              className={
                figures
                  ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4'
                  : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'
              }
            >
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
              {figures && (
                <StatCard
                  label={t.revenue}
                  value={data?.revenue != null ? formatEuro(data.revenue) : undefined}
                  caption={t.revenueCaption}
                  icon={Euro}
                />
              )}
            </dl>
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <OpenRequestsCard />
            {!figures && (
              <RecentBookings
                title={nl.roles.todayTitle}
                description={
                  user.agendaIds.length || allowed.includes('bookings.allAgendas')
                    ? nl.roles.todayText
                    : nl.roles.noAgendas
                }
                emptyText={nl.roles.todayEmpty}
                bookings={todays.data
                  ?.filter((b) => b.status !== 'cancelled')
                  .map((b) => ({
                    id: b.id,
                    customerName: b.customerName,
                    eventTitle: b.eventTitle,
                    bookingDate: b.bookingDate,
                    bookingTime: b.bookingTime,
                    status: b.status,
                  }))}
              />
            )}
            {/* Today's notes to follow up: every member who sees customers writes and reads them. */}
            <FollowUpsCard />
            <RecentBookings bookings={data?.recentBookings} />
            {allowed.includes('services.manage') && <DashboardEvents events={data?.events} />}
          </div>
        </>
      )}
    </div>
  );
}
