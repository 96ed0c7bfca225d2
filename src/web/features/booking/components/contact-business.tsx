import { Mail, MapPin, Phone } from 'lucide-react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { ManagedBooking } from '@contracts/public-booking';
import { formatPhone } from '@core/phone';
import { fill } from '@web/lib/fill-message';
import { CONTACT_LINK } from '../lib/theme-color';

const p = nl.policy;

/**
 * What to do once a change is no longer possible online (core onlineChanges): say so, and how to
 * reach the business instead (phone, e-mail, address, each when known).
 */
export function ContactBusiness({
  id,
  notice,
  businessName,
  contact,
}: {
  id: string;
  notice: string;
  businessName: string | null;
  contact: ManagedBooking['contact'];
}) {
  const { address, phone, email } = contact;
  const row = 'flex min-w-0 items-start gap-2';
  const icon = 'mt-0.5 size-4 shrink-0 text-muted-foreground';
  return (
    <section
      id={id}
      aria-label={p.contactTitle}
      data-testid="contact-business"
      className="space-y-2 rounded-lg border bg-muted/50 p-3 text-sm"
    >
      <p className="font-medium">
        {notice}{' '}
        {address || phone || email
          ? businessName
            ? fill(p.contactNamed, { business: businessName })
            : p.contactUnnamed
          : null}
      </p>
      {(address || phone || email) && (
        <dl className="grid gap-2">
          {phone && (
            <div className={row}>
              <dt className="sr-only">{p.phone}</dt>
              <Phone aria-hidden="true" className={icon} />
              <dd>
                <a href={`tel:${phone}`} className={CONTACT_LINK}>
                  {formatPhone(phone)}
                </a>
              </dd>
            </div>
          )}
          {email && (
            <div className={row}>
              <dt className="sr-only">{p.email}</dt>
              <Mail aria-hidden="true" className={icon} />
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                <a href={`mailto:${email}`} className={CONTACT_LINK}>
                  {email}
                </a>
              </dd>
            </div>
          )}
          {address && (
            <div className={row}>
              <dt className="sr-only">{p.address}</dt>
              <MapPin aria-hidden="true" className={icon} />
              <dd className="min-w-0 whitespace-pre-line">{address}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
