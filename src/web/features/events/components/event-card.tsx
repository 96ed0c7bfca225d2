import {
  Banknote,
  CalendarDays,
  Clock,
  Code,
  Copy,
  ExternalLink,
  EyeOff,
  Pencil,
  Trash2,
} from 'lucide-react';
import { Link } from 'wouter';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { occupancyVariant, priceLine } from '@core/index';
import { dateSummary } from '@web/lib/date-summary';
import { CardLink } from '@web/components/card-link';
import { ProblemAlert } from '@web/components/problem-alert';
import { Badge } from '@web/components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { useCurrentUser } from '@web/lib/current-user';
import { cn } from '@web/lib/utils';
import { copyWithToast } from '@web/lib/clipboard';
import { bookingUrl } from '../lib/embed-code';
import { fill } from '@web/lib/fill-message';
import { IconAction } from '@web/components/icon-action';
import { categoryBadgeStyle } from '@web/lib/badge-style';

const t = nl.eventsUi;
const BAR = { destructive: 'bg-destructive', secondary: 'bg-amber-500', default: 'bg-primary' } as const;

/** One event of the overview (docs/PRODUCT.md#events-overview). The title link covers the card; the actions sit above it. */
export function EventCard({
  event,
  onEmbed,
  onDelete,
}: {
  event: EventListItem;
  onEmbed: (event: EventListItem) => void;
  onDelete: (event: EventListItem) => void;
}) {
  const url = bookingUrl(window.location.origin, event.slug);
  const { totalSlots, booked, available, percentage } = event.occupancy;
  const variant = occupancyVariant(percentage);
  const editHref = `/events/${event.id}/edit`;
  // A paid service cannot be booked while the owner's payment keys do not work.
  const { paymentKeysStatus } = useCurrentUser();
  const unbookable = event.requiresPayment && paymentKeysStatus !== 'ok';
  const price = priceLine(event);

  return (
    <Card className="relative gap-4 overflow-hidden pt-0 pb-0 transition-shadow hover:shadow-md">
      <div aria-hidden="true" className="h-1.5" style={{ backgroundColor: event.themeColor }} />
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="text-lg leading-snug">
            <CardLink href={editHref}>{event.title}</CardLink>
          </CardTitle>
          {event.category && (
            <Badge className="max-w-[45%] truncate" style={categoryBadgeStyle(event.category.color)}>
              {event.category.name}
            </Badge>
          )}
        </div>
        <CardDescription className={cn('line-clamp-2', !event.description && 'italic')}>
          {event.description || t.noDescription}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        {unbookable && (
          // Above the card's stretched title link, so the settings link can be clicked.
          <ProblemAlert
            compact
            announce={false}
            className="relative z-10"
            link={{ href: '/settings', label: nl.paymentKeys.toSettings }}
          >
            <p>{nl.paymentKeys.cardWarning}</p>
          </ProblemAlert>
        )}
        <dl className="grid gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t.duration}</dt>
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            <dd>{fill(t.minutes, { n: event.durationMinutes })}</dd>
          </div>
          {price.kind !== 'free' && (
            <div className="flex items-center gap-2">
              <dt className="sr-only">{t.price}</dt>
              <Banknote aria-hidden="true" className="size-4 text-muted-foreground" />
              <dd>
                {price.kind === 'atSalon' ? fill(t.priceAtSalon, { amount: price.amount }) : price.amount}
              </dd>
            </div>
          )}
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t.dates}</dt>
            <CalendarDays aria-hidden="true" className="size-4 text-muted-foreground" />
            <dd>{dateSummary(event)}</dd>
          </div>
        </dl>
        {event.hiddenOnProfile && (
          // Bookable by its own link, but not listed on the business page (docs/PRODUCT.md#business-page).
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <EyeOff aria-hidden="true" className="size-4" />
            {t.hiddenOnProfile}
          </p>
        )}
        <div className="grid gap-2 rounded-lg bg-muted/60 p-3">
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs font-medium text-muted-foreground">{t.occupancy}</span>
            <Badge variant={variant}>{fill(t.occupancyPercent, { percentage })}</Badge>
          </div>
          <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-background">
            <div
              className={cn('h-full rounded-full', BAR[variant])}
              style={{ width: `${Math.min(100, percentage)}%` }}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            {fill(t.occupancyDetail, { booked, available, total: totalSlots })}
          </p>
        </div>
      </CardContent>
      <CardFooter
        role="group"
        aria-label={fill(t.actions, { title: event.title })}
        className="relative z-10 justify-between gap-1 border-t px-3 py-2"
      >
        <div className="flex items-center gap-0.5">
          <IconAction
            label={t.copyLink}
            onClick={() => void copyWithToast(url, t.linkCopied, t.linkCopiedText)}
          >
            <Copy aria-hidden="true" />
          </IconAction>
          <IconAction label={t.embed} onClick={() => onEmbed(event)}>
            <Code aria-hidden="true" />
          </IconAction>
          <IconAction label={t.openPage} asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
            </a>
          </IconAction>
        </div>
        <div className="flex items-center gap-0.5">
          <IconAction label={t.edit} asChild>
            <Link href={editHref}>
              <Pencil aria-hidden="true" />
            </Link>
          </IconAction>
          <IconAction
            label={t.delete}
            onClick={() => onDelete(event)}
            className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
          >
            <Trash2 aria-hidden="true" />
          </IconAction>
        </div>
      </CardFooter>
    </Card>
  );
}
