import { Mail, Phone } from 'lucide-react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatPhone } from '@core/phone';

const t = nl.bookingsUi;

/** E-mail and phone as links (mail / call), or a quiet note when the customer left neither. */
export function ContactLines({ booking }: { booking: OwnerBookingDto }) {
  const { customerEmail: email, customerPhone: phone } = booking;
  if (!email && !phone) return <span className="text-sm text-muted-foreground">{t.noContact}</span>;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-1 text-sm">
      {email && (
        <a
          href={`mailto:${email}`}
          className="flex min-w-0 items-center gap-1.5 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Mail aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="truncate">{email}</span>
        </a>
      )}
      {phone && (
        <a
          href={`tel:${phone}`}
          className="flex items-center gap-1.5 rounded-sm text-muted-foreground tabular-nums underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Phone aria-hidden="true" className="size-3.5 shrink-0" />
          {formatPhone(phone)}
        </a>
      )}
    </div>
  );
}
