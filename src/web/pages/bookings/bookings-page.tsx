import {
  CalendarDays,
  CalendarRange,
  CalendarX2,
  History,
  List,
  Plus,
  RefreshCw,
  SearchX,
  UsersRound,
} from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { nl } from '@contracts/messages';
import { todayInZone } from '@core/index';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { LoadMoreFooter } from '@web/components/load-more-footer';
import { PendingButton } from '@web/components/pending-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { useAgendas } from '@web/lib/agendas';
import { useCurrentUser } from '@web/lib/current-user';
import { CUSTOMERS_PATH } from '@web/lib/customer-paths';
import { bookingsExportUrl } from '@web/features/bookings/api/export-bookings';
import { useBookings, useHasBookingsBefore } from '@web/features/bookings/api/get-bookings';
import { useSyncGoogle } from '@web/features/bookings/api/sync-google';
import { AgendaView } from '@web/features/bookings/components/agenda-view';
import { BookingCards } from '@web/features/bookings/components/booking-cards';
import { BookingDetailsSheet } from '@web/features/bookings/components/booking-details-sheet';
import { ClassAttendeesSheet } from '@web/features/bookings/components/class-attendees-sheet';
import {
  BookingDialogs,
  focusedOpener,
  type DialogState,
} from '@web/features/bookings/components/booking-dialogs';
import { BookingsSkeleton } from '@web/features/bookings/components/bookings-skeleton';
import { BookingsTable } from '@web/features/bookings/components/bookings-table';
import { NewBookingDialog, type NewBookingStart } from '@web/features/bookings/components/new-booking-dialog';
import {
  BookingsToolbar,
  NO_BOOKING_FILTERS,
  type BookingsToolbarValue,
} from '@web/features/bookings/components/bookings-toolbar';
import {
  BOOKING_VIEWS,
  readViewState,
  VIEW_PARAM,
  writeViewState,
  type BookingView,
} from '@web/features/bookings/lib/agenda-url';
import { periodQuery } from '@web/features/bookings/lib/list-period';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { LoadError } from '@web/components/load-error';
import { useEvents } from '@web/features/events/api/get-events';
import { describeError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useIsMobile } from '@web/lib/use-is-mobile';

const t = nl.bookingsUi;
const VIEW_ICONS = { lijst: List, dag: CalendarDays, week: CalendarRange } as const;

export default function BookingsPage() {
  useDocumentTitle(nl.nav.bookings);
  const user = useCurrentUser();
  const isMobile = useIsMobile();
  const events = useEvents(user.allowedActions.includes('services.read'));
  const agendas = useAgendas();
  // The view, day and agenda live in the URL (?weergave=dag&datum=…), so reload and back keep them.
  const [params, setParams] = useSearchParams();
  const today = todayInZone(new Date(), user.timeZone);
  const view = readViewState(params, today);
  const navigate = (next: Partial<typeof view>, replace = false) =>
    setParams(writeViewState(params, { ...view, ...next }, today), { replace });
  const allowed = user.allowedActions;
  const manual = allowed.includes('bookings.manual');
  // docs/PRODUCT.md#roles: a medewerker's Afspraken opens on today's day view of their own agenda.
  const ownAgendasOnly = !allowed.includes('bookings.allAgendas');
  const opensOnOwnDay = ownAgendasOnly && !params.has(VIEW_PARAM);
  useEffect(() => {
    if (opensOnOwnDay) navigate({ view: 'dag', agendaId: user.agendaIds[0] ?? null }, true);
    // Only how the page opens: later choices are the member's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [filters, setFilters] = useState<BookingsToolbarValue>(NO_BOOKING_FILTERS);
  const q = useDebouncedValue(filters.search.trim(), 300);
  // The list opens on today's and later appointments, soonest first; the toolbar reaches the earlier ones.
  const listFilters = {
    ...periodQuery(filters.period, today),
    q: q || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    eventId: filters.eventId === 'all' ? undefined : filters.eventId,
    agendaId: filters.agendaId === 'all' ? undefined : filters.agendaId,
    noShow: filters.noShow || undefined,
  };
  const bookings = useBookings(listFilters);
  const upcomingEmpty =
    filters.period === 'upcoming' &&
    bookings.data !== undefined &&
    bookings.data.pages[0]?.items.length === 0;
  const earlier = useHasBookingsBefore(today, upcomingEmpty);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The new-booking dialog: from the header's button, or prefilled by an empty spot of the agenda.
  const [newBooking, setNewBooking] = useState<{ open: boolean; start: NewBookingStart & { key: number } }>({
    open: false,
    start: { key: 0 },
  });
  const openNewBooking = (start: NewBookingStart = {}) =>
    setNewBooking((n) => ({ open: true, start: { ...start, key: n.start.key + 1 } }));
  // The details panel, opened from the list and the agenda; its opener gets focus back on closing.
  const [details, setDetails] = useState<Omit<DialogState, 'action'> | null>(null);
  const openDetails = (booking: DialogState['booking'], from: HTMLElement) =>
    setDetails({ booking, open: true, opener: from });
  const setDetailsOpen = useCallback((open: boolean) => setDetails((d) => (d ? { ...d, open } : d)), []);
  // A class time's attendee list (docs/PRODUCT.md#classes), opened from its block on the agenda.
  const [attendees, setAttendees] = useState<{ id: string; open: boolean; opener: HTMLElement } | null>(null);
  const setAttendeesOpen = useCallback((open: boolean) => setAttendees((a) => (a ? { ...a, open } : a)), []);

  const sync = useSyncGoogle({
    // The server's summary says what was pushed and how many busy times changed.
    onSuccess: (summary) => toast({ title: t.synced, description: summary.message || t.syncedText }),
    // docs/PRODUCT.md#errors text as the title; the server's reason (not connected, connection broken) below it.
    onError: (error) =>
      toast({ variant: 'destructive', title: t.syncFailed, description: describeError(error) }),
  });

  const items = bookings.data?.pages.flatMap((p) => p.items) ?? [];
  const filtering =
    filters.search.trim() !== '' ||
    filters.status !== 'all' ||
    filters.eventId !== 'all' ||
    filters.agendaId !== 'all' ||
    filters.noShow ||
    filters.period === 'past';
  const onAction = (action: DialogState['action'], booking: DialogState['booking']) =>
    setDialog({ action, booking, open: true, ...focusedOpener() });

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={nl.nav.bookings}
        description={nl.pages.bookingsText}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* The customer records live below Afspraken: the sidebar keeps its eight entries. */}
            <Button asChild variant="outline">
              <Link href={CUSTOMERS_PATH}>
                <UsersRound aria-hidden="true" />
                {nl.customersUi.open}
              </Link>
            </Button>
            {manual && (
              <Button onClick={() => openNewBooking()}>
                <Plus aria-hidden="true" />
                {nl.manualBookings.newBooking}
              </Button>
            )}
            {allowed.includes('settings') && (
              <PendingButton
                variant="outline"
                onClick={() => sync.mutate()}
                pending={sync.isPending}
                pendingLabel={t.syncing}
                icon={<RefreshCw aria-hidden="true" />}
              >
                {t.syncGoogle}
              </PendingButton>
            )}
          </div>
        }
      />
      <Tabs value={view.view} onValueChange={(v) => navigate({ view: v as BookingView })} className="gap-6">
        <TabsList aria-label={nl.agendaView.viewLabel}>
          {BOOKING_VIEWS.map((v) => {
            const Icon = VIEW_ICONS[v];
            return (
              <TabsTrigger key={v} value={v} className="px-4">
                <Icon aria-hidden="true" />
                {nl.agendaView.views[v]}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="lijst" className="grid grid-cols-1 gap-6">
          <BookingsToolbar
            value={filters}
            onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
            events={events.data ?? []}
            agendas={agendas.data ?? []}
            exportHref={allowed.includes('export') ? bookingsExportUrl(listFilters) : undefined}
          />

          {bookings.isPending || (upcomingEmpty && !filtering && earlier.isPending) ? (
            <BookingsSkeleton />
          ) : !bookings.data ? (
            <LoadError error={bookings.error} onRetry={() => void bookings.refetch()} />
          ) : items.length === 0 ? (
            filtering ? (
              <EmptyState
                icon={SearchX}
                title={t.noMatches}
                description={t.noMatchesText}
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    {/* A search or filter that finds nothing upcoming may find an earlier appointment. */}
                    {filters.period !== 'all' && (
                      <Button variant="outline" onClick={() => setFilters((f) => ({ ...f, period: 'all' }))}>
                        {t.searchAll}
                      </Button>
                    )}
                    <Button variant="outline" onClick={() => setFilters(NO_BOOKING_FILTERS)}>
                      {t.resetFilters}
                    </Button>
                  </div>
                }
              />
            ) : filters.period === 'upcoming' && earlier.data ? (
              <EmptyState
                icon={CalendarX2}
                title={t.noUpcomingTitle}
                description={t.noUpcomingText}
                action={
                  <Button variant="outline" onClick={() => setFilters((f) => ({ ...f, period: 'past' }))}>
                    <History aria-hidden="true" />
                    {t.showPast}
                  </Button>
                }
              />
            ) : (
              <EmptyState icon={CalendarX2} title={t.emptyTitle} description={t.emptyText} />
            )
          ) : (
            <div
              className="grid grid-cols-1 gap-4"
              aria-busy={bookings.isFetching && !bookings.isFetchingNextPage}
            >
              {isMobile ? (
                <BookingCards bookings={items} onAction={onAction} onOpen={openDetails} />
              ) : (
                <BookingsTable bookings={items} onAction={onAction} onOpen={openDetails} />
              )}
              <LoadMoreFooter
                count={items.length}
                hasMore={bookings.hasNextPage}
                loading={bookings.isFetchingNextPage}
                onLoadMore={() => void bookings.fetchNextPage()}
                texts={t}
              />
            </div>
          )}
        </TabsContent>
        {(['dag', 'week'] as const).map((mode) => (
          <TabsContent key={mode} value={mode}>
            {agendas.isPending ? (
              <BookingsSkeleton />
            ) : !agendas.data ? (
              <LoadError error={agendas.error} onRetry={() => void agendas.refetch()} />
            ) : (
              <AgendaView
                mode={mode}
                date={view.date}
                agendaId={view.agendaId}
                today={today}
                timeZone={user.timeZone}
                agendas={agendas.data}
                onNavigate={navigate}
                onOpen={openDetails}
                onOpenClass={(id, from) => setAttendees({ id, open: true, opener: from })}
                onNew={manual ? (spot) => openNewBooking(spot) : undefined}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>

      <BookingDetailsSheet
        booking={details?.booking ?? null}
        open={Boolean(details?.open)}
        onOpenChange={setDetailsOpen}
        onAction={onAction}
        onRepeat={manual ? (start) => openNewBooking(start) : undefined}
        onCloseAutoFocus={(event) => {
          if (details?.opener?.isConnected) {
            event.preventDefault();
            details.opener.focus();
          }
        }}
      />
      <ClassAttendeesSheet
        sessionId={attendees?.id ?? null}
        open={Boolean(attendees?.open)}
        onOpenChange={setAttendeesOpen}
        onAction={onAction}
        onOpenBooking={openDetails}
        onAdd={manual ? (start) => openNewBooking(start) : undefined}
        onCloseAutoFocus={(event) => {
          // Back to the class's block, also when a refresh drew it anew.
          const opener = attendees?.opener?.isConnected
            ? attendees.opener
            : document.querySelector<HTMLElement>(`[data-class-session="${attendees?.id}"]`);
          if (opener) {
            event.preventDefault();
            opener.focus();
          }
        }}
      />
      <NewBookingDialog
        open={newBooking.open}
        start={newBooking.start}
        events={events.data ?? []}
        agendas={agendas.data ?? []}
        timeZone={user.timeZone}
        onOpenChange={(open) => setNewBooking((n) => ({ ...n, open }))}
      />
      <BookingDialogs
        state={dialog}
        onOpenChange={(open) => setDialog((d) => (d ? { ...d, open } : d))}
        events={events.data}
        now={new Date()}
        timeZone={user.timeZone}
      />
    </div>
  );
}
