import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { normalizeHref } from '../lib/text-edit';

const t = nl.emailTemplatesUi;

/** Address for a link around the selection, or the customer's management link with one click. */
export function LinkForm({ onInsert }: { onInsert: (href: string) => void }) {
  const id = useId();
  const form = useForm({ defaultValues: { url: '' } });
  const href = normalizeHref(useWatch({ control: form.control, name: 'url' }));
  const submit = form.handleSubmit(() => {
    if (href) onInsert(href);
  });
  return (
    <form
      onSubmit={(e) => {
        e.stopPropagation(); // the popover is portalled, but React events still bubble to the editor's form
        void submit(e);
      }}
      className="grid gap-3"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>{t.linkUrl}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          {...form.register('url')}
          placeholder={t.linkUrlPlaceholder}
          spellCheck={false}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!href}>
          {t.linkInsert}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onInsert('{{managementUrl}}')}>
          {t.linkManage}
        </Button>
      </div>
    </form>
  );
}
