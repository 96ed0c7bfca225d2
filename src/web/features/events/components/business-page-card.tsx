import { Code, Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import { SectionCard } from '@web/components/section-card';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { copyWithToast } from '@web/lib/clipboard';
import { businessPageUrl } from '../lib/embed-code';
import { PageEmbedDialog } from './embed-dialog';

const t = nl.eventsUi;

/**
 * The page with all of the owner's services (docs/PRODUCT.md#business-page) above the events list:
 * its link to copy or open, and its own embed codes.
 */
export function BusinessPageCard({ publicSlug }: { publicSlug: string }) {
  const id = useId();
  const [embedOpen, setEmbedOpen] = useState(false);
  const url = businessPageUrl(window.location.origin, publicSlug);
  return (
    <SectionCard title={t.businessPageTitle} description={t.businessPageText}>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-url`} className="sr-only">
            {t.businessPageLink}
          </Label>
          <Input
            id={`${id}-url`}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-sm read-only:bg-muted/60"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void copyWithToast(url, t.linkCopied, t.businessPageCopied)}
          >
            <Copy aria-hidden="true" />
            {t.copyBusinessPage}
          </Button>
          <Button variant="outline" asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {t.openBusinessPage}
            </a>
          </Button>
          <Button variant="outline" onClick={() => setEmbedOpen(true)}>
            <Code aria-hidden="true" />
            {t.embedBusinessPage}
          </Button>
        </div>
      </div>
      <PageEmbedDialog publicSlug={publicSlug} open={embedOpen} onOpenChange={setEmbedOpen} />
    </SectionCard>
  );
}
