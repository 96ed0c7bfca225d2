import type { ReactNode } from 'react';
import { nl } from '@contracts/messages';
import { BrandMark } from '@web/components/brand-mark';
import { SkipLink } from '@web/components/skip-link';
import { ThemeToggle } from '@web/components/theme-toggle';
import { ThemeProvider } from '@web/lib/theme-provider';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { AuthClaimsPanel } from './auth-claims-panel';

/** The signed-out pages' frame (/auth and a reset link's page): brand, theme toggle, one card-less column and the claims panel. */
export function AuthShell({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <SkipLink />
      <div className="flex flex-col px-6 py-6 sm:px-10">
        <header className="flex items-center justify-between">
          <div className="flex items-center gap-2.5 font-semibold">
            <BrandMark />
            <span>{nl.app.name}</span>
          </div>
          {/* The owner area provides tooltips and the theme for its pages; this page sits outside it. */}
          <ThemeProvider>
            <TooltipProvider>
              <ThemeToggle />
            </TooltipProvider>
          </ThemeProvider>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 items-center justify-center py-12 outline-none"
        >
          <div className="w-full max-w-sm space-y-8">
            <div className="space-y-2">
              <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
              <p className="text-muted-foreground">{text}</p>
            </div>
            {children}
          </div>
        </main>
      </div>
      <AuthClaimsPanel />
    </div>
  );
}

/** A text button or link in the auth pages' style (mode switches, 'Wachtwoord vergeten?'). */
export const authLinkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60';

/** `/auth?wachtwoord-vergeten` opens /auth on the reset request (from an expired reset link's page). */
export const FORGOT_PASSWORD_SEARCH = 'wachtwoord-vergeten';
