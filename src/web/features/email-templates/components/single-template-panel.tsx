import { Info } from 'lucide-react';
import type { EmailTemplateDto } from '@contracts/email-templates';
import type { EmailTemplateType } from '@contracts/enums';
import { nl } from '@contracts/messages';
import type { EmailValues } from '@core/index';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { TemplateEditor } from './template-editor';

const t = nl.emailTemplatesUi;
const messages = { saved: t.saved, createFailed: t.saveFailed, updateFailed: t.updateFailed };

/** Confirmation, modification or cancellation: one template per type. */
export function SingleTemplatePanel({
  type,
  template,
  sample,
}: {
  type: Exclude<EmailTemplateType, 'reminder'>;
  template: EmailTemplateDto | undefined;
  sample: EmailValues;
}) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t.tabs[type]}</CardTitle>
          {template && !template.isActive && <Badge variant="outline">{t.inactive}</Badge>}
        </div>
        <CardDescription>{t.descriptions[type]}</CardDescription>
        {!template && (
          <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
            <Info aria-hidden="true" className="size-4" />
            {t.notSavedYet}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <TemplateEditor
          key={template?.id ?? `new-${type}`}
          type={type}
          template={template}
          sample={sample}
          messages={messages}
        />
      </CardContent>
    </Card>
  );
}
