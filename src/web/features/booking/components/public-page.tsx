import { useEffect, useRef, type ReactNode } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';
import { BrandMark } from '@web/components/brand-mark';
import { cn } from '@web/lib/utils';
import { AnnouncerProvider } from '../lib/announcer';
import { themeStyle } from '../lib/theme-color';

interface PublicPageProps {
  children: ReactNode;
  /** The event's colour becomes the page's primary colour; neutral until it is known. */
  themeColor?: string | null;
  /** Inside an iframe on the owner's site: transparent, compact, always light, no branding. */
  embed?: boolean;
  /** A band in the theme colour behind the top of the content. */
  band?: boolean;
  className?: string;
}

/**
 * The frame of every public page (booking, manage, payment): no owner layout, one main landmark,
 * the event's theme colour as CSS variables on the root, and the page's live region for status
 * messages (`useAnnounce`).
 */
export function PublicPage({ children, themeColor, embed = false, band = true, className }: PublicPageProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!embed) return;
    // The embed script (embed.js) sizes its iframe to the page: tell it every height the page takes.
    const sizes = new ResizeObserver(() =>
      parent.postMessage({ afspraakHeight: Math.ceil(root.current!.offsetHeight) }, '*'),
    );
    sizes.observe(root.current!);
    const html = document.documentElement;
    const wasDark = html.classList.contains('dark');
    const previous = {
      scheme: html.style.colorScheme,
      html: html.style.background,
      body: document.body.style.background,
    };
    // The host page shows through, and it is almost always light.
    html.classList.remove('dark');
    html.style.colorScheme = 'light';
    html.style.background = 'transparent';
    document.body.style.background = 'transparent';
    return () => {
      sizes.disconnect();
      html.classList.toggle('dark', wasDark);
      html.style.colorScheme = previous.scheme;
      html.style.background = previous.html;
      document.body.style.background = previous.body;
    };
  }, [embed]);

  return (
    <div
      ref={root}
      style={themeColor === undefined ? undefined : themeStyle(themeColor)}
      // Embedded, the page is as tall as its content: the iframe follows it.
      className={cn('relative flex flex-col', !embed && 'min-h-svh bg-muted/50')}
      data-embed={embed || undefined}
    >
      {band && !embed && (
        <div
          aria-hidden="true"
          className={cn(
            'absolute inset-x-0 top-0 h-44 sm:h-52',
            themeColor === undefined ? 'bg-muted' : 'bg-linear-to-br from-primary to-primary-hover',
          )}
        />
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className={cn(
          'relative mx-auto w-full flex-1 outline-none',
          embed ? 'max-w-3xl p-2 sm:p-3' : 'max-w-[44rem] px-3 pt-6 pb-8 sm:px-6 sm:pt-12',
          className,
        )}
      >
        <AnnouncerProvider>{children}</AnnouncerProvider>
      </main>
      {!embed && (
        <footer className="relative flex items-center justify-center gap-2 pb-6 text-xs text-muted-foreground">
          <span>{nl.wizard.poweredBy}</span>
          <BrandMark size="sm" />
          <span className="font-medium text-foreground">{nl.app.name}</span>
        </footer>
      )}
    </div>
  );
}

/** The white card the public content sits on; flat and borderless inside an embed. */
export function PublicCard({
  embed,
  className,
  children,
}: {
  embed?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        embed ? 'p-1' : 'rounded-2xl border bg-card p-4 text-card-foreground shadow-lg shadow-black/5 sm:p-8',
        className,
      )}
    >
      {children}
    </div>
  );
}
