import { FilePlus2, LayoutTemplate } from 'lucide-react';
import type { TemplateDto } from '@contracts/templates';
import { nl } from '@contracts/messages';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { templateSummary } from '../lib/template-summary';

const t = nl.eventForm;

/** On a new event (docs/PRODUCT.md#event-form): start from scratch or prefill from one of the owner's templates. */
export function TemplatePickerDialog({
  open,
  templates,
  onScratch,
  onPick,
}: {
  open: boolean;
  templates: readonly TemplateDto[];
  onScratch: () => void;
  onPick: (template: TemplateDto) => void;
}) {
  const option =
    'flex w-full items-start gap-3 rounded-lg border p-4 text-left transition-colors outline-none hover:border-primary/60 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onScratch()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t.pickerTitle}</DialogTitle>
          <DialogDescription>{t.pickerText}</DialogDescription>
        </DialogHeader>
        <button type="button" className={option} onClick={onScratch}>
          <FilePlus2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span className="grid gap-0.5">
            <span className="font-medium">{t.fromScratch}</span>
            <span className="text-sm text-muted-foreground">{t.fromScratchText}</span>
          </span>
        </button>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">{t.templatesHeading}</h3>
          <ul className="grid max-h-[300px] gap-2 overflow-y-auto pr-1">
            {templates.map((template) => (
              <li key={template.id}>
                <button type="button" className={option} onClick={() => onPick(template)}>
                  <LayoutTemplate
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0"
                    style={{ color: template.themeColor }}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{template.templateName}</span>
                    <span className="text-sm text-muted-foreground">{templateSummary(template)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
