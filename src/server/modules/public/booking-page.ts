import { z } from 'zod';
import { nlPublic as nl } from '@contracts/messages-public';
import { publicEvent, publicField, type PublicEvent } from '@contracts/public-booking';
import { BOOKING_PAGE_DATA_ID, type BookingPageData } from '@contracts/booking-page-data';
import { bookableMonths } from '@core/bookable-months';
import { isHexColor } from '@core/luminance';
import { priceLine } from '@core/price-line';
import { themePalette, themeVariables } from '@core/theme-palette';
import { AppError } from '../../http/app-error';
import type { PageShell } from '../../http/spa';
import type { PublicBookingService } from './public-booking.service';

/** Text for HTML content and attribute values. */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pill =
  'inline-flex items-center gap-1.5 rounded-full border bg-background px-2.5 py-1 text-xs font-medium';

/**
 * The first screen of /boek/{slug} as static HTML: the same frame, business header and event header
 * (title, description, badges) that PublicPage, BusinessHeader and EventHeader draw, with the same
 * classes, and the wizard's outline as skeletons. React replaces it with the identical tree on its
 * first render (docs/architecture/web-client.md#public-pages), so nothing moves; the badges' icons are boxes of
 * the icons' size until then. An embed gets none of it: its frame is transparent and set by script.
 */
export function bookingPageMarkup(event: PublicEvent): string {
  const vars = Object.entries(themeVariables(event.themeColor))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  const icon = '<span aria-hidden="true" class="size-3.5"></span>';
  const price = priceLine(event);
  const badges = [
    `<li class="${pill}">${icon}${esc(nl.wizard.minutes.replace('{count}', String(event.durationMinutes)))}</li>`,
    price.kind !== 'free'
      ? `<li class="${pill}">${icon}<span class="sr-only">${esc(nl.wizard.price)}: </span>${esc(price.amount)}</li>`
      : '',
    event.category
      ? `<li class="${pill}"><span aria-hidden="true" class="size-2.5 rounded-full"${
          isHexColor(event.category.color) ? ` style="background-color:${event.category.color}"` : ''
        }></span>${esc(event.category.name)}</li>`
      : '',
  ].join('');
  const { name, logoUrl } = event.business;
  const business =
    name || logoUrl
      ? `<div class="relative mb-4 flex items-center gap-3 text-primary-foreground">${
          logoUrl
            ? `<img src="${esc(logoUrl)}" alt="${name ? '' : esc(nl.businessHeader.logoAlt)}" width="40" height="40" class="size-10 shrink-0 rounded-lg bg-white object-contain p-0.5 shadow-sm">`
            : ''
        }${name ? `<p class="min-w-0 truncate text-base font-semibold">${esc(name)}</p>` : ''}</div>`
      : '';
  const bone = (cls: string) =>
    `<div aria-hidden="true" class="animate-pulse rounded-md bg-muted ${cls}"></div>`;
  const step = `<div class="flex flex-col items-center gap-1.5">${bone('size-8 rounded-full')}${bone('h-3 w-12')}</div>`;
  const wizard = `<div class="flex justify-around">${step.repeat(event.requiresPayment ? 5 : 4)}</div><div class="min-h-[22rem] space-y-3">${bone('h-6 w-40')}${bone('h-4 w-56')}${bone('h-10 w-full')}</div>`;
  return (
    `<div style="${esc(vars)}" class="relative flex min-h-svh flex-col bg-muted/50">` +
    '<div aria-hidden="true" class="absolute inset-x-0 top-0 h-44 sm:h-52 bg-linear-to-br from-primary to-primary-hover"></div>' +
    '<main id="main-content" tabindex="-1" class="relative mx-auto w-full flex-1 outline-none max-w-[44rem] px-3 pt-6 pb-8 sm:px-6 sm:pt-12">' +
    business +
    '<div class="rounded-2xl border bg-card p-4 text-card-foreground shadow-lg shadow-black/5 sm:p-8"><div class="space-y-6 sm:space-y-8">' +
    '<header class="space-y-3">' +
    `<h1 class="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">${esc(event.title)}</h1>` +
    (event.description
      ? `<p class="text-sm leading-relaxed whitespace-pre-line text-muted-foreground sm:text-base">${esc(event.description)}</p>`
      : '') +
    `<ul class="flex flex-wrap gap-2">${badges}</ul></header><hr class="border-border">` +
    `<div class="space-y-6 sm:space-y-8">${wizard}</div>` +
    '</div></div></main></div>'
  );
}

/**
 * The event, its fields and its first month (the month the date step opens on, for any agenda) as the
 * API answers them: the same service calls, the event and fields through their routes' response schemas.
 */
export async function bookingPageData(
  svc: PublicBookingService,
  slug: string,
  now: Date,
): Promise<BookingPageData | null> {
  let event: PublicEvent;
  try {
    event = publicEvent.parse(await svc.event(slug));
  } catch (err) {
    // An unknown slug, or one the API would refuse to read: the page answers 404.
    if (err instanceof AppError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
  const { first } = bookableMonths(event, now);
  const [fields, month] = await Promise.all([
    svc.fields(slug).then((f) => z.array(publicField).parse(f)),
    // As the availability route sends it: the typed answer, unchecked (a hot path, like that route).
    svc.month(event.id, first, null),
  ]);
  return { slug, event, fields, availability: { month: first, agendaId: null, data: month } };
}

/** JSON that may stand inside a <script> element: nothing in it can close the element or start markup. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The shell of /boek/{slug}: null for an unknown event (the app then shows 'Evenement niet gevonden'). */
export async function bookingPageShell(
  svc: PublicBookingService,
  params: Record<string, string | undefined>,
  query: Record<string, unknown>,
  now: Date,
): Promise<PageShell | null> {
  const data = await bookingPageData(svc, params.slug ?? '', now);
  if (!data) return null;
  const embed = query.embed === 'true';
  return {
    // As the app's useDocumentTitle writes it.
    title: `${data.event.title} · ${nl.app.name}`,
    themeColor: themePalette(data.event.themeColor).primary,
    rootHtml: embed ? '' : bookingPageMarkup(data.event),
    dataScript: `<script type="application/json" id="${BOOKING_PAGE_DATA_ID}">${scriptSafeJson(data)}</script>`,
    preload: 'pages/book/book-page.tsx',
  };
}
