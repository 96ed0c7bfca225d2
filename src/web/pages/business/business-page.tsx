import { SearchX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { nlPublic as nl } from '@contracts/messages-public';
import { nlPublicBusiness } from '@contracts/messages-public-business';
import { LoadError } from '@web/components/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useBusinessPage } from '@web/features/booking/api/get-business-page';
import { BusinessHeader } from '@web/features/booking/components/business-header';
import { BusinessContact, ServiceGroups } from '@web/features/booking/components/business-services';
import { PublicCard, PublicPage } from '@web/features/booking/components/public-page';
import { StatusPanel } from '@web/features/booking/components/status-panel';
import { hasErrorCode } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nlPublicBusiness.businessPage;
// docs/PRODUCT.md#visits: the basket's bar (totals, 'Verder') loads with the first ticked service.
const BasketBar = lazy(() => import('@web/features/booking/components/basket-bar'));
const VisitPage = lazy(() => import('@web/pages/visit/visit-page'));

/**
 * The page with all of a business's services, /p/{publicSlug} (docs/PRODUCT.md#business-page);
 * ?embed=true leaves out the band, the business header and its contact details, like the booking page.
 */
export default function BusinessPage() {
  const { visit } = useParams<{ visit?: string }>();
  return visit ? (
    <Suspense>
      <VisitPage />
    </Suspense>
  ) : (
    <ServicesPage />
  );
}

function ServicesPage() {
  const { publicSlug = '' } = useParams<{ publicSlug: string }>();
  const embed = new URLSearchParams(useSearch()).get('embed') === 'true';
  const query = useBusinessPage(publicSlug);
  const page = query.data;
  const notFound = hasErrorCode(query.error, 'NOT_FOUND', 'BAD_REQUEST', 'VALIDATION');
  useDocumentTitle(page ? (page.business.name ?? t.title) : notFound ? t.notFound : undefined);
  // The page takes the colour of the first service listed; neutral until then (and without services).
  const themeColor = page ? (page.groups[0]?.services[0]?.themeColor ?? null) : undefined;
  // The ticked services in the order ticked: the order of the visit.
  const [basket, setBasket] = useState<string[]>([]);
  const toggle = (slug: string) =>
    setBasket((list) => (list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug]));
  const combines = page?.groups.some((g) => g.services.some((s) => s.allowCombinations));

  return (
    <PublicPage themeColor={themeColor} embed={embed}>
      {page && !embed && <BusinessHeader business={page.business} />}
      <PublicCard embed={embed}>
        {query.isPending ? (
          <PageSkeleton embed={embed} />
        ) : notFound ? (
          <StatusPanel icon={SearchX} title={t.notFound}>
            {t.notFoundText}
          </StatusPanel>
        ) : !page ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : (
          <div className="space-y-6 sm:space-y-8">
            {embed ? (
              <h1 className="sr-only">{page.business.name ?? t.title}</h1>
            ) : (
              <header className="space-y-4">
                <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{t.title}</h1>
                <BusinessContact business={page.business} />
              </header>
            )}
            {!embed && <hr className="border-border" />}
            <ServiceGroups
              groups={page.groups}
              embed={embed}
              basket={combines ? { slugs: basket, toggle } : undefined}
            />
            {basket.length > 0 && (
              <Suspense>
                <BasketBar page={page} slugs={basket} embed={embed} />
              </Suspense>
            )}
          </div>
        )}
      </PublicCard>
    </PublicPage>
  );
}

/** Same outline as the loaded page, so nothing jumps when it arrives. */
function PageSkeleton({ embed }: { embed: boolean }) {
  return (
    <div role="status" className="space-y-6 sm:space-y-8">
      <span className="sr-only">{nl.layout.loading}</span>
      {!embed && (
        <>
          <div className="space-y-3">
            <Skeleton className="h-8 w-1/2 sm:h-9" />
            <Skeleton className="h-4 w-full max-w-sm" />
          </div>
          <hr className="border-border" />
        </>
      )}
      <div className="space-y-3">
        <Skeleton className="h-6 w-40" />
        <div className="grid gap-3 sm:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      </div>
    </div>
  );
}
