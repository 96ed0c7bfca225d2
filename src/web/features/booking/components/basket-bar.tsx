import { ArrowRight, ShoppingBasket } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { BusinessPage } from '@contracts/public-owner-page';
import { formatCents } from '@core/money';
import { buttonVariants } from '@web/components/ui/button';
import { fill } from '@web/lib/fill-message';
import { useAnnounce } from '../lib/announcer';
import { basketHasRoom, basketTotals, visitPath } from '../lib/visit-basket';

const v = nl.visits;

/** '2 diensten · 45 minuten · € 50,00': the basket's line, also what the page's live region says. */
export function basketLine(totals: ReturnType<typeof basketTotals>): string {
  const count = totals.count === 1 ? v.basketOne : fill(v.basketMany, { count: totals.count });
  const minutes = fill(nl.wizard.minutes, { count: totals.durationMinutes });
  return totals.priceCents > 0
    ? fill(v.basketTotal, { count, minutes, price: formatCents(totals.priceCents, totals.currency) })
    : fill(v.basketTotalFree, { count, minutes });
}

/**
 * The business page's basket (docs/PRODUCT.md#visits): once a service is ticked, a bar at the bottom
 * of the screen with the count, the total time and price, and 'Verder' into the visit wizard. It
 * loads with the first tick, so the page's first screen carries none of it.
 */
export default function BasketBar({
  page,
  slugs,
  embed,
}: {
  page: BusinessPage;
  slugs: string[];
  embed: boolean;
}) {
  const services = page.groups.flatMap((g) => g.services);
  const chosen = slugs.flatMap((slug) => services.filter((s) => s.slug === slug));
  const totals = basketTotals(chosen);
  const line = basketLine(totals);
  const tooMany = !basketHasRoom(chosen.length - 1);
  const announce = useAnnounce();
  useEffect(() => announce(tooMany ? v.tooManyServices : line), [announce, line, tooMany]);
  // The bar covers the page's bottom: focus moved there by the keyboard scrolls clear of it (WCAG 2.4.11).
  useEffect(() => {
    const html = document.documentElement;
    html.style.scrollPaddingBottom = '7rem';
    return () => {
      html.style.scrollPaddingBottom = '';
    };
  }, []);

  return (
    <section
      aria-label={v.basketLabel}
      className={`sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 border-t bg-card/95 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur ${embed ? 'px-1' : '-mx-4 -mb-4 rounded-b-2xl px-4 sm:-mx-8 sm:-mb-8 sm:px-8'}`}
    >
      <div className="flex min-w-0 items-center gap-3">
        <ShoppingBasket
          aria-hidden="true"
          className="size-5 shrink-0 text-(--bk-accent) dark:text-(--bk-accent-dark)"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold">{v.basketLabel}</p>
          <p className="text-sm text-muted-foreground" data-testid="basket-totals">
            {tooMany ? v.tooManyServices : line}
          </p>
        </div>
      </div>
      {tooMany ? null : (
        <Link
          href={visitPath(page.business.publicSlug, slugs, embed)}
          className={buttonVariants({ size: 'lg', className: 'max-sm:flex-1' })}
        >
          {v.basketNext}
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </section>
  );
}
