import { lazy, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import '@contracts/zod-nl';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { useCurrentUser } from '@web/lib/current-user';
import { ThemeProvider } from '@web/lib/theme-provider';
import { RequireUser } from './guards';
import { OwnerLayout } from './layouts/owner-layout';
import { PageAccess } from './page-access';
import { ownerPaths, type OwnerPath } from './owner-routes';

/** Each owner page is its own chunk, fetched on first visit. */
const EventFormPage = lazy(() => import('@web/pages/events/event-form-page'));
const pages: Record<OwnerPath, ComponentType> = {
  '/': lazy(() => import('@web/pages/dashboard/dashboard-page')),
  '/events': lazy(() => import('@web/pages/events/events-page')),
  '/events/new': EventFormPage,
  '/events/:id/edit': EventFormPage,
  '/bookings': lazy(() => import('@web/pages/bookings/bookings-page')),
  '/bookings/customers': lazy(() => import('@web/pages/customers/customers-page')),
  '/bookings/customers/:id': lazy(() => import('@web/pages/customers/customer-page')),
  '/analytics': lazy(() => import('@web/pages/analytics/analytics-page')),
  '/templates': lazy(() => import('@web/pages/templates/templates-page')),
  '/templates/:id/edit': lazy(() => import('@web/pages/templates/template-edit-page')),
  '/email-templates': lazy(() => import('@web/pages/email-templates/email-templates-page')),
  '/settings': lazy(() => import('@web/pages/settings/settings-page')),
  '/profile': lazy(() => import('@web/pages/profile/profile-page')),
};

/**
 * Loaded as one chunk for the owner paths, behind the guard: the layout stays mounted while pages
 * change inside it. The guard, the theme switch's state, tooltips and zod's Dutch fallback messages
 * live here, not in the app shell, so the public booking pages do not download them.
 */
export default function OwnerArea() {
  return (
    <RequireUser>
      <ThemeProvider>
        <TooltipProvider>
          <OwnerLayout>
            <TwoFactorSetupGate>
              <PageAccess>
                <Switch>
                  {ownerPaths.map((path) => (
                    <Route key={path} path={path} component={pages[path]} />
                  ))}
                </Switch>
              </PageAccess>
            </TwoFactorSetupGate>
          </OwnerLayout>
        </TooltipProvider>
      </ThemeProvider>
    </RequireUser>
  );
}

/**
 * docs/PRODUCT.md#two-step-sign-in: while the business requires two-step sign-in and the member has
 * not set it up, every owner path leads to Profiel, which then shows the setup alone (the API answers
 * nothing else until then).
 */
function TwoFactorSetupGate({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [location] = useLocation();
  if (user.twoFactorSetupRequired && location !== '/profile') return <Redirect to="/profile" replace />;
  return children;
}
