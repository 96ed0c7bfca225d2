import { useId } from 'react';
import { nl } from '@contracts/messages';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

const t = nl.webhooksUi;

/** The name and url inputs of a webhook, for adding one and for editing one in place. */
export function WebhookFields({
  name,
  url,
  onName,
  onUrl,
  withPlaceholders = false,
  autoFocus = false,
}: {
  name: string;
  url: string;
  onName: (name: string) => void;
  onUrl: (url: string) => void;
  withPlaceholders?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t.name}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => onName(e.target.value)}
          placeholder={withPlaceholders ? t.namePlaceholder : undefined}
          maxLength={100}
          autoFocus={autoFocus}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-url`}>{t.url}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          value={url}
          onChange={(e) => onUrl(e.target.value)}
          placeholder={withPlaceholders ? t.urlPlaceholder : undefined}
          maxLength={2000}
        />
      </div>
    </>
  );
}
