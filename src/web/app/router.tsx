import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { installClassMerge } from '@web/lib/utils';
import { ownerPaths } from './owner-routes';

/**
 * A page that overrides its components' classes: tailwind-merge loads with it and settles them
 * (lib/utils.ts `installClassMerge`) before it first renders. The public pages do without.
 */
function withClassMerge<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([import('tailwind-merge').then(({ twMerge }) => installClassMerge(twMerge)), load()]).then(
      ([, page]) => page,
    );
}

const AuthArea = lazy(withClassMerge(() => import('./auth-area')));
const NotFoundPage = lazy(() => import('@web/pages/not-found/not-found-page'));
/**
 * A lazy page that can be loaded before the first render: drawn at once then, without the Suspense
 * fallback in between (which would replace the booking page's server-drawn first screen with a spinner).
 */
function preloadablePage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  Page.preload = () => load().then((m) => void (loaded = m.default));
  return Page;
}

const BookPage = preloadablePage(() => import('@web/pages/book/book-page'));
const ManageBookingPage = lazy(() => import('@web/pages/manage/manage-page'));
const PaymentProcessingPage = lazy(() => import('@web/pages/payment/processing-page'));
const PaymentSuccessPage = lazy(() => import('@web/pages/payment/success-page'));
const PaymentFailurePage = lazy(() => import('@web/pages/payment/failure-page'));
const PayPage = lazy(() => import('@web/pages/payment/pay-page'));
const WaitlistPage = lazy(() => import('@web/pages/waitlist/waitlist-page'));
const BusinessPage = lazy(() => import('@web/pages/business/business-page'));
/** The owner layout (sidebar, header), its guard and its pages load only for owner paths. */
const OwnerArea = lazy(withClassMerge(() => import('./owner-area')));

/** Loads the page of a path that arrives with a server-drawn first screen (docs/architecture/web-client.md#public-pages). */
export function preloadPage(pathname: string): Promise<void> {
  return pathname.startsWith('/boek/') ? BookPage.preload() : Promise.resolve();
}

/** True when the path is one of the owner routes; other unknown paths get the not-found page for anyone. */
function useIsOwnerPath(): boolean {
  const [location] = useLocation();
  const { parser } = useRouter();
  return ownerPaths.some((path) => matchRoute(parser, path, location)[0]);
}

export function AppRouter() {
  const isOwnerPath = useIsOwnerPath();
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        {/* Sign-in, a password reset, a team invitation, a request's decision: the sign-in frame's pages. */}
        <Route path="/auth" component={AuthArea} />
        <Route path="/auth/reset/:token" component={AuthArea} />
        <Route path="/uitnodiging/:token" component={AuthArea} />
        <Route path="/aanvraag/:token" component={AuthArea} />

        {/* Public routes (docs/PRODUCT.md#web-routes): each its own lazy chunk, without the owner layout or guard. */}
        <Route path="/boek/:slug" component={BookPage} />
        <Route path="/booking/manage/:token" component={ManageBookingPage} />
        <Route path="/payment/processing" component={PaymentProcessingPage} />
        <Route path="/payment/success" component={PaymentSuccessPage} />
        <Route path="/payment/failure" component={PaymentFailurePage} />
        <Route path="/betalen" component={PayPage} />
        {/* A place on the waitlist (docs/PRODUCT.md#waitlist): its offer is claimed there. */}
        <Route path="/wachtlijst/:token" component={WaitlistPage} />
        {/* With /bezoek the visit wizard (docs/PRODUCT.md#visits): the business page loads it, so the entry carries no more. */}
        <Route path="/p/:publicSlug/:visit?" component={BusinessPage} />

        {isOwnerPath && <Route component={OwnerArea} />}

        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
