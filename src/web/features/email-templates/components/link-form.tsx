import { useId, useState, type FormEvent } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { normalizeHref } from '../lib/text-edit';

const t = nl.emailTemplatesUi;

/** Address for a link around the selection, or the customer's management link with one click. */
export function LinkForm({ onInsert }: { onInsert: (href: string) => void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const href = normalizeHref(url);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation(); // the popover is portalled, but React events still bubble to the editor's form
    if (href) onInsert(href);
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>{t.linkUrl}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
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
