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

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** docs/PRODUCT.md#owner-layout: the eight owner pages, in this order. */
export const navItems: readonly NavItem[] = [
  { href: '/', label: nl.nav.dashboard, icon: LayoutDashboard },
  { href: '/events', label: nl.nav.events, icon: CalendarDays },
  { href: '/bookings', label: nl.nav.bookings, icon: CalendarCheck },
  { href: '/analytics', label: nl.nav.analytics, icon: ChartColumn },
  { href: '/templates', label: nl.nav.templates, icon: LayoutTemplate },
  { href: '/email-templates', label: nl.nav.emailTemplates, icon: Mail },
  { href: '/profile', label: nl.nav.profile, icon: UserRound },
  { href: '/settings', label: nl.nav.settings, icon: Settings },
];

/** A menu entry is active on its own path and on the pages below it (/events/new marks Evenementen). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

export function activeNavItem(location: string): NavItem | undefined {
  return navItems.find((item) => isNavItemActive(item.href, location));
}
