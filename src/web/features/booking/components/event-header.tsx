import { Banknote, Clock } from 'lucide-react';
import { nlPublic as nl } from '@contracts/messages-public';
import type { PublicEvent } from '@contracts/public-booking';
import { priceLine } from '@core/price-line';
import { isHexColor } from '@core/luminance';
import { fill } from '@web/lib/fill-message';

const pill =
  'inline-flex items-center gap-1.5 rounded-full border bg-background px-2.5 py-1 text-xs font-medium';

/** Title, description and badges (duration, price, category) of the booking page; not shown in an embed. */
export function EventHeader({ event }: { event: PublicEvent }) {
  // The price shows whether it is paid online or at the salon; none (or 0) shows nothing.
  const price = priceLine(event);
  return (
    <header className="space-y-3">
      <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{event.title}</h1>
      {event.description && (
        <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground sm:text-base">
          {event.description}
        </p>
      )}
      <ul className="flex flex-wrap gap-2">
        <li className={pill}>
          <Clock aria-hidden="true" className="size-3.5 text-muted-foreground" />
          {fill(nl.wizard.minutes, { count: event.durationMinutes })}
        </li>
        {price.kind !== 'free' && (
          <li className={pill}>
            <Banknote aria-hidden="true" className="size-3.5 text-muted-foreground" />
            <span className="sr-only">{nl.wizard.price}: </span>
            {price.amount}
          </li>
        )}
        {event.category && (
          <li className={pill}>
            {/* The colour is a swatch next to the name, so the name stays readable on any category colour. */}
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full"
              style={{ backgroundColor: isHexColor(event.category.color) ? event.category.color : undefined }}
            />
            {event.category.name}
          </li>
        )}
      </ul>
    </header>
  );
}
