import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { copyWithToast } from '@web/lib/clipboard';
import { bookingUrl, iframeSnippet, scriptSnippet } from '../lib/embed-code';
import { fill } from '@web/lib/fill-message';

const t = nl.embed;

/** Embed codes of one event (docs/PRODUCT.md#events-overview): an iframe, or a script tag that inserts the same iframe. */
export function EmbedDialog({
  event,
  open,
  onOpenChange,
}: {
  event: { title: string; slug: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const origin = window.location.origin;
  return (
    <Dialog open={open && event !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        {event && (
          <>
            <DialogHeader>
              <DialogTitle>{t.title}</DialogTitle>
              <DialogDescription>{fill(t.text, { title: event.title })}</DialogDescription>
            </DialogHeader>
            <Tabs defaultValue="iframe" className="min-w-0">
              <TabsList>
                <TabsTrigger value="iframe">{t.iframeTab}</TabsTrigger>
                <TabsTrigger value="script">{t.scriptTab}</TabsTrigger>
              </TabsList>
              <TabsContent value="iframe">
                <CodeBlock
                  label={t.iframeCode}
                  hint={t.iframeHint}
                  code={iframeSnippet(origin, event.slug, event.title)}
                  previewUrl={bookingUrl(origin, event.slug)}
                />
              </TabsContent>
              <TabsContent value="script">
                <CodeBlock
                  label={t.scriptCode}
                  hint={t.scriptHint}
                  code={scriptSnippet(origin, event.slug)}
                  previewUrl={bookingUrl(origin, event.slug)}
                />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CodeBlock({
  label,
  hint,
  code,
  previewUrl,
}: {
  label: string;
  hint: string;
  code: string;
  previewUrl: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-3">
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Textarea
          id={id}
          readOnly
          value={code}
          rows={5}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-hint`}
          className="resize-none font-mono text-xs break-all read-only:bg-muted/60 read-only:text-foreground md:text-xs"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <a href={previewUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t.preview}
          </a>
        </Button>
        <Button onClick={() => void copyWithToast(code, t.copied, t.copiedText)}>
          <Copy aria-hidden="true" />
          {t.copy}
        </Button>
      </div>
    </div>
  );
}
