import { ChevronRight, Clock, Globe, MapPin, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { nlPublic as nl } from '@contracts/messages-public';
import { nlPublicBusiness } from '@contracts/messages-public-business';
import type { BusinessPage, BusinessPageGroup, BusinessPageService } from '@contracts/public-owner-page';
import { isHexColor } from '@core/luminance';
import { formatPhone } from '@core/phone';
import { priceLine } from '@core/price-line';
import { fill } from '@web/lib/fill-message';
import { CONTACT_LINK } from '../lib/theme-color';

const t = nlPublicBusiness.businessPage;

/** How to reach the business (address, phone, website) under the page's title; nothing when none is set. */
export function BusinessContact({ business }: { business: BusinessPage['business'] }) {
  const { address, phone, website } = business;
  if (!address && !phone && !website) return null;
  const row = 'flex min-w-0 items-start gap-2';
  const icon = 'mt-0.5 size-4 shrink-0 text-muted-foreground';
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2">
      {address && (
        <div className={row}>
          <dt className="sr-only">{t.address}</dt>
          <MapPin aria-hidden="true" className={icon} />
          <dd className="min-w-0 whitespace-pre-line">{address}</dd>
        </div>
      )}
      {phone && (
        <div className={row}>
          <dt className="sr-only">{t.phone}</dt>
          <Phone aria-hidden="true" className={icon} />
          <dd>
            <a href={`tel:${phone}`} className={CONTACT_LINK}>
              {formatPhone(phone)}
            </a>
          </dd>
        </div>
      )}
      {website && (
        <div className={row}>
          <dt className="sr-only">{t.website}</dt>
          <Globe aria-hidden="true" className={icon} />
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            <a href={website} target="_blank" rel="noopener noreferrer" className={CONTACT_LINK}>
              {website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The listed services by category (docs/PRODUCT.md#business-page), each a link to its booking page;
 * inside an embed the link keeps the embedded booking page.
 */
export function ServiceGroups({
  groups,
  embed,
  basket,
}: {
  groups: BusinessPageGroup[];
  embed: boolean;
  /** The services ticked for one visit, by slug; absent when no listed service can be combined. */
  basket?: { slugs: string[]; toggle: (slug: string) => void };
}) {
  if (groups.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t.empty}</p>;
  }
  // A lone uncategorised group needs no heading: the page's title already says what it lists.
  const headed = groups.length > 1 || groups[0]?.category !== null;
  return (
    <div className="space-y-6 sm:space-y-8">
      {groups.map((group) => {
        const name = group.category?.name ?? t.uncategorised;
        return (
          <section key={name} aria-label={headed ? undefined : t.title} className="space-y-3">
            {headed && (
              <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight sm:text-lg">
                {group.category && (
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full border border-black/10"
                    style={{
                      backgroundColor: isHexColor(group.category.color) ? group.category.color : undefined,
                    }}
                  />
                )}
                {name}
              </h2>
            )}
            <ul className="grid gap-3 sm:grid-cols-2">
              {group.services.map((service) => (
                <li key={service.slug} className="grid">
                  {basket && service.allowCombinations ? (
                    // docs/PRODUCT.md#visits: the tick box sits under the card's link, never inside it.
                    <div className="flex min-w-0 flex-col rounded-xl border bg-card shadow-xs has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary">
                      <ServiceCard service={service} embed={embed} inBox />
                      <label className="flex min-h-11 cursor-pointer items-center gap-2.5 border-t px-4 py-2 text-sm font-medium has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60">
                        <input
                          type="checkbox"
                          checked={basket.slugs.includes(service.slug)}
                          onChange={() => basket.toggle(service.slug)}
                          // Named with the service: every card has the same visible text.
                          aria-label={`${t.addToVisit}: ${service.title}`}
                          className="size-5 shrink-0 cursor-pointer accent-primary outline-none"
                        />
                        {t.addToVisit}
                      </label>
                    </div>
                  ) : (
                    <ServiceCard service={service} embed={embed} />
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

const cardLink =
  'group flex min-w-0 flex-col gap-2 p-4 text-card-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

function ServiceCard({
  service,
  embed,
  inBox = false,
}: {
  service: BusinessPageService;
  embed: boolean;
  /** Inside the box of a service with a tick box: the box draws the border. */
  inBox?: boolean;
}) {
  const href = `/boek/${encodeURIComponent(service.slug)}${embed ? '?embed=true' : ''}`;
  const price = priceLine(service);
  return (
    <Link
      href={href}
      className={
        inBox
          ? `${cardLink} flex-1 rounded-t-xl hover:bg-brand-soft`
          : `${cardLink} rounded-xl border bg-card shadow-xs transition-[border-color,box-shadow] hover:border-primary hover:shadow-md focus-visible:border-primary`
      }
    >
      <span className="flex items-start gap-3">
        <span className="min-w-0 flex-1 text-base leading-snug font-semibold [overflow-wrap:anywhere]">
          {service.title}
        </span>
        <ChevronRight
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-foreground"
        />
      </span>
      {service.description && (
        <span className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">
          {service.description}
        </span>
      )}
      <span className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm">
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Clock aria-hidden="true" className="size-4" />
          {fill(nl.wizard.minutes, { count: service.durationMinutes })}
        </span>
        <span className="font-medium">
          {price.kind === 'free'
            ? t.free
            : price.kind === 'online'
              ? price.amount
              : `${price.amount} · ${t.payAtSalon}`}
        </span>
      </span>
    </Link>
  );
}
