import { Ban, CalendarCheck, CalendarClock, CalendarX2, Euro, History } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CustomerDetail } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatCents, formatShortDutchDate } from '@core/index';
import { SectionCard } from '@web/components/section-card';
import { StatCard } from '@web/components/stat-card';
import { fill } from '@web/lib/fill-message';
import { consentText, dayText } from '../lib/customer-text';
import { CustomerContact } from './customer-contact';
import { CustomerTags } from './customer-tags';

const t = nl.customersUi;
/** A date or an amount is longer than a count: a smaller figure, on one line. */
const DATE_FIGURE = '[&_dd>span]:text-lg [&_dd>span]:whitespace-nowrap sm:[&_dd>span]:text-lg';

/** The block of a blocked customer: why, and since when. */
export function BlockedNotice({ customer: c, timeZone }: { customer: CustomerDetail; timeZone: string }) {
  if (!c.blocked) return null;
  return (
    <div className="flex gap-3 rounded-xl border border-destructive-text/30 bg-destructive/5 p-4 text-sm">
      <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
      <div className="grid gap-1">
        <p className="font-medium text-destructive-text">
          {c.blockedAt ? fill(t.blockedSince, { when: dayText(c.blockedAt, timeZone) }) : t.blocked}
        </p>
        {c.blockedReason && (
          <p className="break-words whitespace-pre-wrap">
            {fill(t.blockedReason, { reason: c.blockedReason })}
          </p>
        )}
      </div>
    </div>
  );
}

/** The figures, computed by the server as of now: visits, no-shows, last and next visit, total paid. */
export function CustomerFigures({ customer: c, timeZone }: { customer: CustomerDetail; timeZone: string }) {
  return (
    <section aria-labelledby="customer-figures">
      <h2 id="customer-figures" className="sr-only">
        {t.figuresTitle}
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <StatCard label={t.columns.visits} value={c.visits} icon={CalendarCheck} />
        <StatCard label={t.columns.noShows} value={c.noShows} icon={CalendarX2} />
        <StatCard
          label={t.columns.lastVisit}
          value={dayText(c.lastVisitAt, timeZone)}
          icon={History}
          className={DATE_FIGURE}
        />
        <StatCard
          label={t.columns.nextVisit}
          value={dayText(c.nextVisitAt, timeZone)}
          icon={CalendarClock}
          className={DATE_FIGURE}
        />
        <StatCard
          label={t.columns.totalPaid}
          value={formatCents(c.totalPaidCents)}
          icon={Euro}
          className={`col-span-2 lg:col-span-1 ${DATE_FIGURE}`}
        />
      </dl>
    </section>
  );
}

/** Contact details, date of birth, tags, marketing consent (when and how), customer since. */
export function CustomerDetails({
  customer: c,
  timeZone,
  contactAllowed,
}: {
  customer: CustomerDetail;
  timeZone: string;
  contactAllowed: boolean;
}) {
  return (
    <SectionCard title={t.contactTitle}>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2.5 text-sm">
        <Fact label={t.columns.contact}>
          <CustomerContact email={c.email} phone={c.phone} contactAllowed={contactAllowed} />
        </Fact>
        <Fact label={t.birthDate}>
          {c.birthDate ? formatShortDutchDate(c.birthDate) : <Quiet>{t.notFilled}</Quiet>}
        </Fact>
        <Fact label={t.tags}>
          {c.tags.length ? <CustomerTags tags={c.tags} label={t.tags} /> : <Quiet>{t.none}</Quiet>}
        </Fact>
        <Fact label={t.consent}>{consentText(c, timeZone)}</Fact>
        <Fact label={t.customerSince}>{dayText(c.createdAt, timeZone)}</Fact>
      </dl>
    </SectionCard>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

export function Quiet({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}
