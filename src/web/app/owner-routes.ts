/**
 * Every owner route of docs/PRODUCT.md#web-routes. All of them render inside the owner layout behind
 * the sign-in guard. Only the paths live here, in the app shell (the router tells owner paths from
 * unknown ones); their pages are bound in the lazily loaded owner area (owner-area.tsx), so the public
 * pages' first load does not carry thirteen page loaders.
 */
export const ownerPaths = [
  '/',
  '/events',
  '/events/new',
  '/events/:id/edit',
  '/bookings',
  '/bookings/customers',
  '/bookings/customers/:id',
  '/analytics',
  '/templates',
  '/templates/:id/edit',
  '/email-templates',
  '/settings',
  '/profile',
] as const;

export type OwnerPath = (typeof ownerPaths)[number];
