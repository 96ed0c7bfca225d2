import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import { BrandMark } from '@web/components/brand-mark';
import { ErrorBoundary } from '@web/components/error-boundary';
import { PageSkeleton } from '@web/components/page-skeleton';
import { SkipLink } from '@web/components/skip-link';
import { ThemeToggle } from '@web/components/theme-toggle';
import { UnsavedChangesDialog } from '@web/components/unsaved-changes-dialog';
import { Separator } from '@web/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger, useSidebar } from '@web/components/ui/sidebar';
import { useCurrentUser } from '@web/lib/current-user';
import { AppSidebar } from './app-sidebar';
import { activeNavItem } from './nav-items';

/** docs/PRODUCT.md#owner-layout: collapsible sidebar plus a header around every owner page. */
export function OwnerLayout({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [location] = useLocation();

  return (
    <>
      <SkipLink />
      <SidebarProvider>
        <AppSidebar user={user} />
        <SidebarInset>
          <OwnerHeader location={location} />
          <main
            id="main-content"
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8"
          >
            <div className="mx-auto w-full max-w-6xl">
              <ErrorBoundary resetKey={location}>
                <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
              </ErrorBoundary>
            </div>
          </main>
        </SidebarInset>
      </SidebarProvider>
      <UnsavedChangesDialog />
    </>
  );
}

function OwnerHeader({ location }: { location: string }) {
  const { isMobile } = useSidebar();
  const section = activeNavItem(location);
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 h-4!" />
      {isMobile ? (
        <div className="flex items-center gap-2 text-sm font-semibold">
          <BrandMark size="md" />
          <span>{nl.app.name}</span>
        </div>
      ) : (
        section && <span className="text-sm font-medium text-muted-foreground">{section.label}</span>
      )}
      <div className="ml-auto flex items-center gap-1">
        <ThemeToggle />
      </div>
    </header>
  );
}
