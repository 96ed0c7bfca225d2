import { nl } from '@contracts/messages';
import type { EmailValues } from '@core/index';
import { fill } from '@web/lib/fill-message';
import { previewDocument, previewSubject } from '../lib/sample-values';

const t = nl.emailTemplatesUi;

/**
 * The e-mail as a customer would see it, with sample values. Rendered in a frame with an empty
 * sandbox: no scripts, forms, popups or same-origin access, whatever the HTML contains.
 */
export function HtmlPreview({
  subject,
  htmlBody,
  values,
}: {
  subject: string;
  htmlBody: string;
  values: EmailValues;
}) {
  return (
    <div className="grid overflow-hidden rounded-md border bg-white">
      <div className="grid gap-0.5 border-b bg-muted/50 px-4 py-3">
        <p className="text-sm font-medium text-foreground">
          {fill(t.previewSubject, { subject: previewSubject(subject, values) })}
        </p>
        <p className="text-xs text-muted-foreground">{t.previewNote}</p>
      </div>
      <iframe
        title={t.previewTitle}
        sandbox=""
        srcDoc={previewDocument(htmlBody, values)}
        className="min-h-[400px] w-full bg-white"
      />
    </div>
  );
}
