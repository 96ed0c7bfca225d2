import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { BrandMark } from '@web/components/brand-mark';
import { Separator } from '@web/components/ui/separator';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuItem,
  SidebarMenuLabel,
  SidebarTooltip,
  sidebarMenuButtonClass,
  useSidebar,
} from '@web/components/ui/sidebar';
import { toast } from '@web/components/ui/use-toast';
import { useLogout } from '@web/features/auth/api/logout';
import { confirmLeave } from '@web/lib/unsaved-changes';
import { describeError } from '@web/lib/api-client';
import { isNavItemActive, visibleNavItems } from './nav-items';

export function AppSidebar({ user }: { user: PublicUser }) {
  const [location, navigate] = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const closeMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  const logout = useLogout({
    onSuccess: () => navigate('/auth', { replace: true }),
    onError: (error) =>
      toast({ variant: 'destructive', title: nl.auth.logoutFailed, description: describeError(error) }),
  });

  return (
    <Sidebar label={nl.layout.menuTitle}>
      <SidebarHeader>
        <div className="flex h-10 items-center gap-3 group-data-[state=collapsed]/sidebar:justify-center max-md:pr-10">
          <BrandMark />
          <div className="grid min-w-0 flex-1 leading-tight group-data-[state=collapsed]/sidebar:hidden">
            <span className="truncate font-semibold text-sidebar-accent-foreground">{nl.app.name}</span>
            <span className="truncate text-xs">
              <span className="sr-only">{nl.layout.signedInAs} </span>
              {user.username}
            </span>
          </div>
        </div>
      </SidebarHeader>
      <Separator className="bg-sidebar-border" />
      <SidebarContent>
        <nav aria-label={nl.layout.mainMenu}>
          <SidebarMenu>
            {/* While two-step sign-in must be set up first, Profiel is the one place to go. */}
            {visibleNavItems(user.allowedActions)
              .filter((item) => !user.twoFactorSetupRequired || item.href === '/profile')
              .map(({ href, label, icon: Icon }) => {
                const active = isNavItemActive(href, location);
                return (
                  <SidebarMenuItem key={href}>
                    <SidebarTooltip label={label}>
                      <Link
                        href={href}
                        aria-current={active ? 'page' : undefined}
                        className={sidebarMenuButtonClass}
                        onClick={closeMobile}
                      >
                        <Icon aria-hidden="true" />
                        <SidebarMenuLabel>{label}</SidebarMenuLabel>
                      </Link>
                    </SidebarTooltip>
                  </SidebarMenuItem>
                );
              })}
          </SidebarMenu>
        </nav>
      </SidebarContent>
      <Separator className="bg-sidebar-border" />
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarTooltip label={nl.layout.logout}>
              <button
                type="button"
                className={sidebarMenuButtonClass}
                disabled={logout.isPending}
                // Signing out leaves the page too: a form with unsaved changes asks first.
                onClick={() => confirmLeave(() => logout.mutate())}
              >
                <LogOut aria-hidden="true" />
                <SidebarMenuLabel>{logout.isPending ? nl.auth.pending : nl.layout.logout}</SidebarMenuLabel>
              </button>
            </SidebarTooltip>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
