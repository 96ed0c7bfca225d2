import {
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  LayoutDashboard,
  LayoutTemplate,
  Mail,
  Settings,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { nl } from '@contracts/messages';
import type { MemberAction } from '@core/permissions';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** The member needs one of these actions (GET /api/user `allowedActions`); left out: everyone. */
  requires?: readonly MemberAction[];
}

const setUp: readonly MemberAction[] = ['services.manage'];

/**
 * docs/PRODUCT.md#owner-layout: the eight owner pages, in this order; docs/PRODUCT.md#roles: a
 * member sees those their role may use (the eigenaar all eight).
 */
export const navItems: readonly NavItem[] = [
  { href: '/', label: nl.nav.dashboard, icon: LayoutDashboard },
  { href: '/events', label: nl.nav.events, icon: CalendarDays, requires: setUp },
  { href: '/bookings', label: nl.nav.bookings, icon: CalendarCheck },
  { href: '/analytics', label: nl.nav.analytics, icon: ChartColumn, requires: ['insights'] },
  { href: '/templates', label: nl.nav.templates, icon: LayoutTemplate, requires: setUp },
  { href: '/email-templates', label: nl.nav.emailTemplates, icon: Mail, requires: setUp },
  { href: '/profile', label: nl.nav.profile, icon: UserRound },
  { href: '/settings', label: nl.nav.settings, icon: Settings, requires: ['settings', 'team', 'activity'] },
];

/** Whether a member with these actions may open the item's pages. */
export function mayOpen(item: Pick<NavItem, 'requires'>, allowed: readonly MemberAction[]): boolean {
  return !item.requires || item.requires.some((action) => allowed.includes(action));
}

/** The menu as this member sees it. */
export function visibleNavItems(allowed: readonly MemberAction[]): NavItem[] {
  return navItems.filter((item) => mayOpen(item, allowed));
}

/** Whether the member may open the page at `location` (a page below a menu entry follows that entry). */
export function mayOpenPath(location: string, allowed: readonly MemberAction[]): boolean {
  const item = activeNavItem(location);
  return !item || mayOpen(item, allowed);
}

/** A menu entry is active on its own path and on the pages below it (/events/new marks Evenementen). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

export function activeNavItem(location: string): NavItem | undefined {
  return navItems.find((item) => isNavItemActive(item.href, location));
}
