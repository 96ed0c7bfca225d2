import { Check } from 'lucide-react';
import { nl } from '@contracts/messages';

/** The product claims beside the sign-in form (docs/PRODUCT.md#overview). Fixed colours keep white text readable in both themes. */
export function AuthClaimsPanel() {
  return (
    <aside
      aria-labelledby="auth-panel-title"
      className="relative isolate overflow-hidden bg-gradient-to-br from-blue-600 via-blue-700 to-indigo-800 dark:from-blue-800 dark:via-indigo-900 dark:to-slate-900 px-6 py-12 text-white sm:px-10 lg:flex lg:flex-col lg:justify-center lg:px-16"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-white/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 -left-16 -z-10 size-80 rounded-full bg-indigo-400/20 blur-3xl"
      />
      <div className="mx-auto w-full max-w-md space-y-8">
        <div className="space-y-3">
          <h2
            id="auth-panel-title"
            className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
          >
            {nl.auth.panelTitle}
          </h2>
          <p className="text-base text-white">{nl.auth.panelText}</p>
        </div>
        <ul aria-label={nl.auth.claimsLabel} className="grid gap-4">
          {nl.auth.claims.map((claim) => (
            <li key={claim} className="flex items-start gap-3">
              <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
                <Check aria-hidden="true" className="size-3.5" />
              </span>
              <span className="font-medium">{claim}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
