import { nl } from '@contracts/messages';
import { SectionCard } from '@web/components/section-card';

const t = nl.eventForm;

/** Tab "Webhooks" of a new event: webhooks come after saving; a chosen template's are listed (docs/PRODUCT.md#event-form). */
export function NewEventWebhooks({ webhooks }: { webhooks: ReadonlyArray<{ name: string; url: string }> }) {
  return (
    <SectionCard title={nl.webhooksUi.title} description={nl.webhooksUi.text}>
      <div className="grid gap-3 text-sm">
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground">{t.webhooksAfterSave}</p>
        {webhooks.length > 0 && (
          <>
            <p>{t.webhooksFromTemplate}</p>
            <ul className="grid gap-2">
              {webhooks.map((w) => (
                <li key={`${w.name}-${w.url}`} className="rounded-lg border px-4 py-2">
                  <span className="font-medium">{w.name}</span>
                  <span className="ml-2 font-mono text-xs text-muted-foreground">{w.url}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </SectionCard>
  );
}
