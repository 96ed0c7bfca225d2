import { Ban } from 'lucide-react';
import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';

/** The customer's tags as quiet badges, in a list so a screen reader counts them. */
export function CustomerTags({ tags, label }: { tags: readonly string[]; label: string }) {
  if (!tags.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary" className="max-w-40 truncate">
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** 'Geblokkeerd': the customer cannot book online. */
export function BlockedBadge() {
  return (
    <Badge variant="outline" className="border-destructive-text/40 text-destructive-text">
      <Ban aria-hidden="true" />
      {nl.customersUi.blocked}
    </Badge>
  );
}
