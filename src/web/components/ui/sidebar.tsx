import { PanelLeft } from 'lucide-react';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { nl } from '@contracts/messages';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { cn } from '@web/lib/utils';
import { Button } from './button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

/** docs/PRODUCT.md#constants: 16rem wide, 3rem collapsed, 18rem as a mobile sheet; state kept 7 days in a cookie. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_WIDTH_ICON = '3rem';
const SIDEBAR_WIDTH_MOBILE = '18rem';
const SIDEBAR_SHORTCUT = 'b';

function readSidebarCookie(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE_NAME}=([^;]*)`));
  return match?.[1] !== 'false';
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const ctx = use(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return ctx;
}

export function SidebarProvider({ children, className }: { children: ReactNode; className?: string }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
      <div
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
          } as CSSProperties
        }
        className={cn('flex min-h-svh w-full', className)}
      >
        {children}
      </div>
    </SidebarContext>
  );
}

/** Desktop: fixed column that collapses to icons. Mobile: the same content in a slide-over sheet. */
export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-slot="sidebar"
          aria-label={label}
          // The sheet is portalled out of the provider, so it gets its width directly.
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
          className="bg-sidebar p-0 text-sidebar-foreground [&>[data-slot=dialog-close]]:top-3.5"
        >
          <SheetTitle className="sr-only">{nl.layout.menuTitle}</SheetTitle>
          <SheetDescription className="sr-only">{nl.layout.menuDescription}</SheetDescription>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div
      className="group/sidebar peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-slot="sidebar"
    >
      {/* Reserves the sidebar's width in the flow, since the sidebar itself is fixed. */}
      <div
        aria-hidden="true"
        className="relative w-(--sidebar-width) transition-[width] duration-200 ease-linear group-data-[state=collapsed]/sidebar:w-(--sidebar-width-icon)"
      />
      <aside
        aria-label={label}
        className="fixed inset-y-0 left-0 z-10 flex h-svh w-(--sidebar-width) flex-col overflow-hidden border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear group-data-[state=collapsed]/sidebar:w-(--sidebar-width-icon)"
      >
        {/* docs/PRODUCT.md#constants: tooltips inside the sidebar open without delay. */}
        <TooltipProvider delayDuration={0}>{children}</TooltipProvider>
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  const label = isMobile ? nl.layout.openMenu : nl.layout.toggleSidebar;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          data-slot="sidebar-trigger"
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-expanded={isMobile ? openMobile : open}
          aria-keyshortcuts="Control+B Meta+B"
          className={cn('size-8', className)}
          onClick={(event) => {
            onClick?.(event);
            toggleSidebar();
          }}
          {...props}
        >
          <PanelLeft aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom">
        {label} <kbd className="ml-1 font-sans opacity-70">{nl.layout.shortcutHint}</kbd>
      </TooltipContent>
    </Tooltip>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-inset" className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-footer" className={cn('mt-auto flex flex-col gap-2 p-2', className)} {...props} />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2 group-data-[state=collapsed]/sidebar:overflow-hidden',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

/** Classes for a menu entry (link or button); collapsed it shrinks to a 2rem icon square. */
export const sidebarMenuButtonClass = cn(
  'flex h-9 w-full items-center gap-3 overflow-hidden rounded-md px-2.5 text-left text-sm text-sidebar-foreground outline-none transition-[width,height,padding,background-color,color]',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/60',
  'aria-[current=page]:bg-sidebar-active aria-[current=page]:font-medium aria-[current=page]:text-sidebar-active-foreground',
  'disabled:pointer-events-none disabled:opacity-50 [&>svg]:size-4 [&>svg]:shrink-0',
  'group-data-[state=collapsed]/sidebar:size-8 group-data-[state=collapsed]/sidebar:p-2',
);

/** Label text of a menu entry: stays readable for screen readers when the sidebar is collapsed. */
export function SidebarMenuLabel({ children }: { children: ReactNode }) {
  return <span className="truncate group-data-[state=collapsed]/sidebar:sr-only">{children}</span>;
}

/** Wraps a menu entry with a tooltip that only shows while the desktop sidebar is collapsed. */
export function SidebarTooltip({ label, children }: { label: string; children: ReactNode }) {
  const { state, isMobile } = useSidebar();
  const [open, setOpen] = useState(false);
  const enabled = state === 'collapsed' && !isMobile;
  return (
    <Tooltip open={enabled && open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
