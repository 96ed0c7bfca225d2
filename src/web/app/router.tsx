import { lazy, Suspense } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { RedirectIfSignedIn, RequireUser } from './guards';
import { ownerRoutes } from './owner-routes';

const AuthPage = lazy(() => import('@web/pages/auth/auth-page'));
const NotFoundPage = lazy(() => import('@web/pages/not-found/not-found-page'));
/** The owner layout (sidebar, header) and its pages load only for owner paths. */
const OwnerArea = lazy(() => import('./owner-area'));

/** True when the path is one of the owner routes; other unknown paths get the not-found page for anyone. */
function useIsOwnerPath(): boolean {
  const [location] = useLocation();
  const { parser } = useRouter();
  return ownerRoutes.some((route) => matchRoute(parser, route.path, location)[0]);
}

export function AppRouter() {
  const isOwnerPath = useIsOwnerPath();
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        <Route path="/auth">
          <RedirectIfSignedIn>
            <AuthPage />
          </RedirectIfSignedIn>
        </Route>

        {/*
          Public routes (spec §2.1) go here, each as its own lazy page without the owner layout, e.g.
          <Route path="/boek/:slug" component={PublicBookingPage} />
          <Route path="/booking/manage/:token" component={ManageBookingPage} />
          <Route path="/payment/processing" component={PaymentProcessingPage} />
        */}

        {isOwnerPath && (
          <Route>
            <RequireUser>
              <OwnerArea />
            </RequireUser>
          </Route>
        )}

        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
