import { Mail, Phone } from 'lucide-react';
import { nl } from '@contracts/messages';
import { formatPhone } from '@core/index';

const t = nl.customersUi;
const linkClass =
  'flex min-w-0 items-center gap-1.5 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * E-mail and phone as links (mail / call). Both are null for a role without `customers.contact`,
 * which then reads that they are hidden rather than missing.
 */
export function CustomerContact({
  email,
  phone,
  contactAllowed,
}: {
  email: string | null;
  phone: string | null;
  contactAllowed: boolean;
}) {
  if (!contactAllowed) return <span className="text-sm text-muted-foreground">{nl.roles.contactHidden}</span>;
  if (!email && !phone) return <span className="text-sm text-muted-foreground">{t.noContact}</span>;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-1 text-sm">
      {email && (
        <a href={`mailto:${email}`} className={linkClass}>
          <Mail aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="truncate">{email}</span>
        </a>
      )}
      {phone && (
        <a href={`tel:${phone}`} className={`${linkClass} text-muted-foreground tabular-nums`}>
          <Phone aria-hidden="true" className="size-3.5 shrink-0" />
          {formatPhone(phone)}
        </a>
      )}
    </div>
  );
}
