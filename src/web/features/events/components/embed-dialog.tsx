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
import {
  bookingUrl,
  businessPageUrl,
  iframeSnippet,
  pageIframeSnippet,
  pageScriptSnippet,
  scriptSnippet,
} from '../lib/embed-code';
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
    <EmbedCodesDialog
      open={open}
      onOpenChange={onOpenChange}
      codes={
        event && {
          title: t.title,
          text: fill(t.text, { title: event.title }),
          iframe: iframeSnippet(origin, event.slug, event.title),
          script: scriptSnippet(origin, event.slug),
          iframeHint: t.iframeHint,
          scriptHint: t.scriptHint,
          previewUrl: bookingUrl(origin, event.slug),
        }
      }
    />
  );
}

/** The same codes for the page with all of the owner's services (docs/PRODUCT.md#business-page). */
export function PageEmbedDialog({
  publicSlug,
  open,
  onOpenChange,
}: {
  publicSlug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const origin = window.location.origin;
  return (
    <EmbedCodesDialog
      open={open}
      onOpenChange={onOpenChange}
      codes={{
        title: t.pageTitle,
        text: t.pageText,
        iframe: pageIframeSnippet(origin, publicSlug, t.pageTitle),
        script: pageScriptSnippet(origin, publicSlug),
        iframeHint: t.pageIframeHint,
        scriptHint: t.pageScriptHint,
        previewUrl: businessPageUrl(origin, publicSlug),
      }}
    />
  );
}

interface EmbedCodes {
  title: string;
  text: string;
  iframe: string;
  script: string;
  iframeHint: string;
  scriptHint: string;
  previewUrl: string;
}

function EmbedCodesDialog({
  codes,
  open,
  onOpenChange,
}: {
  codes: EmbedCodes | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open && codes !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        {codes && (
          <>
            <DialogHeader>
              <DialogTitle>{codes.title}</DialogTitle>
              <DialogDescription>{codes.text}</DialogDescription>
            </DialogHeader>
            <Tabs defaultValue="iframe" className="min-w-0">
              <TabsList>
                <TabsTrigger value="iframe">{t.iframeTab}</TabsTrigger>
                <TabsTrigger value="script">{t.scriptTab}</TabsTrigger>
              </TabsList>
              <TabsContent value="iframe">
                <CodeBlock
                  label={t.iframeCode}
                  hint={codes.iframeHint}
                  code={codes.iframe}
                  previewUrl={codes.previewUrl}
                />
              </TabsContent>
              <TabsContent value="script">
                <CodeBlock
                  label={t.scriptCode}
                  hint={codes.scriptHint}
                  code={codes.script}
                  previewUrl={codes.previewUrl}
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
