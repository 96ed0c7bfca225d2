import { CalendarPlus, Plus, SearchX, Tags } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { matchesCategory, matchesPayment, matchesPeriod, matchesSearch, todayInZone } from '@core/index';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useBusinessProfile } from '@web/lib/business-profile';
import { useCurrentUser } from '@web/lib/current-user';
import { useCategories } from '@web/features/categories/api/get-categories';
import { CategoryDialog } from '@web/features/categories/components/category-dialog';
import { useDeleteEvent } from '@web/features/events/api/delete-event';
import { useEvents } from '@web/features/events/api/get-events';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { BusinessPageCard } from '@web/features/events/components/business-page-card';
import { EmbedDialog } from '@web/features/events/components/embed-dialog';
import { EventCard } from '@web/features/events/components/event-card';
import { CardGridSkeleton } from '@web/features/events/components/event-card-skeleton';
import { EventsToolbar, NO_FILTERS, type EventFilters } from '@web/features/events/components/events-toolbar';
import { LoadError } from '@web/components/load-error';
import { fill } from '@web/lib/fill-message';
import { useDialogTarget } from '@web/lib/use-dialog-target';
import { errorMessage } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.eventsUi;

export default function EventsPage() {
  useDocumentTitle(nl.nav.events);
  const user = useCurrentUser();
  const events = useEvents();
  const categories = useCategories();
  const profile = useBusinessProfile();
  const [filters, setFilters] = useState<EventFilters>(NO_FILTERS);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const embed = useDialogTarget<EventListItem>();
  const removal = useDialogTarget<EventListItem>();

  const remove = useDeleteEvent({
    onSuccess: () => {
      removal.onOpenChange(false);
      toast({ title: t.deleted, description: t.deletedText });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.deleteFailed),
      }),
  });

  // A category filter whose category was deleted falls back to all categories.
  const category =
    filters.category === 'all' ||
    filters.category === 'uncategorized' ||
    categories.data?.some((c) => c.id === filters.category)
      ? filters.category
      : 'all';
  const active = { ...filters, category };
  const filtering =
    active.search.trim() !== '' ||
    active.period !== 'all' ||
    active.payment !== 'all' ||
    active.category !== 'all';
  // "Today" is the owner's, in their time zone, like the server's occupancy figures.
  const today = todayInZone(new Date(), user.timeZone);
  const visible = useMemo(
    () =>
      (events.data ?? []).filter(
        (e) =>
          matchesSearch(e, active.search) &&
          matchesPeriod(e, active.period, today) &&
          matchesPayment(e, active.payment) &&
          matchesCategory(e, active.category),
      ),
    [events.data, active.search, active.period, active.payment, active.category, today],
  );

  const newEventButton = (
    <Button asChild>
      <Link href="/events/new">
        <Plus aria-hidden="true" />
        {t.newEvent}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={nl.nav.events}
        description={nl.pages.eventsText}
        actions={
          <>
            <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
              <Tags aria-hidden="true" />
              {t.categories}
            </Button>
            {newEventButton}
          </>
        }
      />

      {/* The page with all services (docs/PRODUCT.md#business-page); without it the list still works. */}
      {profile.data && <BusinessPageCard publicSlug={profile.data.publicSlug} />}

      {events.data && events.data.length > 0 && (
        <EventsToolbar
          filters={active}
          onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
          categories={categories.data ?? []}
        />
      )}

      {events.isPending ? (
        <CardGridSkeleton label={t.loading} />
      ) : !events.data ? (
        <LoadError
          error={events.error}
          notFoundTitle={nl.clientErrors.loadFailed}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title={t.emptyTitle}
          description={t.emptyText}
          action={
            <Button asChild>
              <Link href="/events/new">
                <Plus aria-hidden="true" />
                {t.createFirst}
              </Link>
            </Button>
          }
        />
      ) : (
        <>
          <p role="status" className={filtering ? 'text-sm text-muted-foreground' : 'sr-only'}>
            {fill(t.resultCount, { count: visible.length, total: events.data.length })}
          </p>
          {visible.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={t.noMatches}
              description={t.noMatchesText}
              action={
                <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                  {t.resetFilters}
                </Button>
              }
            />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {visible.map((event) => (
                <li key={event.id} className="grid">
                  <EventCard event={event} onEmbed={embed.show} onDelete={removal.show} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <CategoryDialog open={categoriesOpen} onOpenChange={setCategoriesOpen} />
      <EmbedDialog event={embed.target} open={embed.open} onOpenChange={embed.onOpenChange} />
      <ConfirmDialog
        open={removal.open}
        onOpenChange={removal.onOpenChange}
        title={t.deleteTitle}
        description={fill(t.deleteText, { title: removal.target?.title ?? '' })}
        pending={remove.isPending}
        onConfirm={() => removal.target && remove.mutate(removal.target.id)}
      />
    </div>
  );
}
