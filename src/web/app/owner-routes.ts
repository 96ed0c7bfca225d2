import { lazy, type ComponentType } from 'react';

export interface OwnerRoute {
  path: string;
  /** Lazily loaded page: each page is its own chunk, fetched on first visit. */
  component: ComponentType;
}

/** Every owner route of docs/PRODUCT.md#web-routes. All of them render inside the owner layout behind the sign-in guard. */
export const ownerRoutes: readonly OwnerRoute[] = [
  { path: '/', component: lazy(() => import('@web/pages/dashboard/dashboard-page')) },
  { path: '/events', component: lazy(() => import('@web/pages/events/events-page')) },
  { path: '/events/new', component: lazy(() => import('@web/pages/events/event-form-page')) },
  { path: '/events/:id/edit', component: lazy(() => import('@web/pages/events/event-form-page')) },
  { path: '/bookings', component: lazy(() => import('@web/pages/bookings/bookings-page')) },
  { path: '/analytics', component: lazy(() => import('@web/pages/analytics/analytics-page')) },
  { path: '/templates', component: lazy(() => import('@web/pages/templates/templates-page')) },
  { path: '/templates/:id/edit', component: lazy(() => import('@web/pages/templates/template-edit-page')) },
  {
    path: '/email-templates',
    component: lazy(() => import('@web/pages/email-templates/email-templates-page')),
  },
  { path: '/settings', component: lazy(() => import('@web/pages/settings/settings-page')) },
  { path: '/profile', component: lazy(() => import('@web/pages/profile/profile-page')) },
];
