import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { Button, buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { ACCENT_TEXT } from '../lib/theme-color';

const p = nl.paymentPages;

/**
 * The private management link, shown prominently because this is the only time it is shown.
 * Inside an embed it opens in a new tab: the manage page may not be framed by other sites.
 */
export function ManageLinkCard({ url, newTab }: { url: string; newTab: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      // Clipboard blocked (e.g. inside an iframe): the link itself is still there to select.
    }
  };
  return (
    <section
      aria-labelledby="manage-link-title"
      className="space-y-3 rounded-xl border-2 border-primary/40 bg-brand-soft p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', ACCENT_TEXT)} />
        <div className="space-y-1">
          <h2 id="manage-link-title" className="font-semibold">
            {p.manageTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{p.manageText}</p>
        </div>
      </div>
      <p className="rounded-md border bg-background px-3 py-2 font-mono text-xs break-all select-all">
        {url}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a
          href={url}
          rel="noreferrer"
          target={newTab ? '_blank' : undefined}
          className={buttonVariants({ size: 'lg', className: 'sm:flex-1' })}
        >
          {p.manageTitle}
        </a>
        <Button variant="outline" size="lg" onClick={() => void copy()} aria-live="polite">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? p.copied : p.copyLink}
        </Button>
      </div>
    </section>
  );
}
