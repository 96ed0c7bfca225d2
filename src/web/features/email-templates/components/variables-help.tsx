import { Braces } from 'lucide-react';
import { useId } from 'react';
import { nl } from '@contracts/messages';
import { EMAIL_VARIABLES, type EmailVariable } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.emailTemplatesUi;

/** docs/PRODUCT.md#email-variables; a click inserts one at the cursor of the subject or body. */
export function VariablesHelp({ onInsert }: { onInsert: (variable: EmailVariable) => void }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-lg border bg-muted/30 p-4"
    >
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <Braces aria-hidden="true" className="size-4 text-muted-foreground" />
          {t.variables}
        </h3>
        <p className="text-xs text-muted-foreground">{t.variablesText}</p>
      </div>
      <ul className="grid gap-1.5">
        {EMAIL_VARIABLES.map((v) => (
          <li key={v}>
            <button
              type="button"
              onClick={() => onInsert(v)}
              aria-label={fill(t.insertVariable, {
                variable: `{{${v}}}`,
                description: t.variableDescriptions[v],
              })}
              className="grid w-full gap-0.5 rounded-md border bg-background px-2.5 py-1.5 text-left outline-none transition-colors hover:border-primary/50 hover:bg-brand-soft/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <code className="font-mono text-xs font-medium text-brand-soft-foreground">{`{{${v}}}`}</code>
              <span className="text-xs text-muted-foreground">{t.variableDescriptions[v]}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
