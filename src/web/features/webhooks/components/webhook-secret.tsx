import { Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { copyWithToast } from '@web/lib/clipboard';
import { fill } from '@web/lib/fill-message';

const t = nl.webhooksUi;

/** The Standard Webhooks signing secret, masked until asked for. */
export function WebhookSecret({ name, secret }: { name: string; secret: string }) {
  const [shown, setShown] = useState(false);
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="shrink-0 text-xs text-muted-foreground">{t.secret}:</span>
      <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
        {shown ? secret : `${prefix}${'•'.repeat(16)}`}
      </code>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        // One stable name; aria-pressed tells whether the secret is visible.
        aria-label={fill(t.showSecretOf, { name })}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={fill(t.copySecretOf, { name })}
        onClick={() => void copyWithToast(secret, t.secretCopied)}
      >
        <Copy aria-hidden="true" />
      </Button>
    </div>
  );
}
