import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsFromIssues } from '@contracts/errors';
import { nlPublicWaitlist } from '@contracts/messages-public-waitlist';
import type { PublicEvent } from '@contracts/public-booking';
import { joinWaitlistBody, type JoinWaitlistBody } from '@contracts/public-waitlist';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { waitlistRefusal } from '@core/waitlist';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { fill } from '@web/lib/fill-message';
import { isApiError } from '@web/lib/api-client';
import { joinWaitlist } from '../api/waitlist';
import type { WaitTarget } from './waitlist-offer';

const w = nlPublicWaitlist.waitlist;

type Key = 'name' | 'email' | 'phone' | 'seats';

/**
 * Joining the waitlist of a full time or day (docs/PRODUCT.md#waitlist): name, e-mail, an optional
 * phone number and, for a class, the places. Checked with the server's own contract first; the
 * server's refusals (already waiting, room after all) show above the button, its field errors at the
 * fields. Its own chunk, loaded once the visitor chooses to wait.
 */
export default function WaitlistJoinForm({
  event,
  target,
  initialSeats,
  onCancel,
}: {
  event: PublicEvent;
  target: WaitTarget;
  initialSeats: number;
  onCancel: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  // Only the places one may wait for there: core's rule, as the server decides it.
  const seatChoices =
    event.seats > 1
      ? Array.from({ length: event.maxSeatsPerBooking }, (_, i) => i + 1).filter(
          (n) => waitlistRefusal(target.slots, target.time, n) === null,
        )
      : [1];
  const [seats, setSeats] = useState(
    seatChoices.includes(initialSeats) ? initialSeats : (seatChoices[0] ?? 1),
  );
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Key, HTMLElement | null>>>({});
  const join = useMutation({ mutationFn: joinWaitlist });

  const what = target.time
    ? fill(w.timeOn, { date: formatLongDutchDate(target.date), time: target.time })
    : fill(w.anyTime, { date: formatLongDutchDate(target.date) });

  const bodyOf = (v: typeof values): JoinWaitlistBody => ({
    eventId: event.id,
    date: target.date,
    time: target.time,
    ...(event.seats > 1 ? { seats } : {}),
    name: v.name,
    email: v.email,
    phone: v.phone.trim() || null,
  });
  const recheck = (v: typeof values): Partial<Record<Key, string>> => {
    const parsed = joinWaitlistBody.safeParse(bodyOf(v));
    return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  };

  const showErrors = (found: Partial<Record<Key, string>>) => {
    setErrors(found);
    const first = (['seats', 'name', 'email', 'phone'] as const).find((k) => found[k]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = joinWaitlistBody.safeParse(bodyOf(values));
    if (!parsed.success) return showErrors(fieldErrorsFromIssues(parsed.error.issues));
    if (!seatChoices.includes(seats)) return showErrors({ seats: w.seatsTooMany });
    setErrors({});
    join.mutate(parsed.data, {
      onError: (error) => {
        if (!isApiError(error)) return setRefusal(w.joinFailed);
        const fields = error.fields ?? {};
        if (Object.keys(fields).some((k) => ['name', 'email', 'phone', 'seats'].includes(k)))
          return showErrors(fields);
        setRefusal(error.serverMessage ?? w.joinFailed);
      },
    });
  };

  if (join.data) {
    return (
      <section
        aria-labelledby={`${id}-done`}
        className="mt-6 rounded-xl border border-primary/40 bg-brand-soft p-4 sm:p-5"
      >
        <div className="flex items-start gap-3">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="space-y-1" role="status">
            <h2 id={`${id}-done`} className="font-semibold">
              {w.joined}
            </h2>
            <p className="text-sm">{fill(w.joinedText, { position: join.data.position })}</p>
          </div>
        </div>
      </section>
    );
  }

  const field = (key: 'name' | 'email' | 'phone', label: string, type: string, autoComplete: string) => {
    const error = errors[key];
    const fid = `${id}-${key}`;
    return (
      <div className="grid gap-2">
        <Label htmlFor={fid}>{label}</Label>
        <Input
          id={fid}
          ref={(el) => void (inputs.current[key] = el)}
          tall
          type={type}
          autoComplete={autoComplete}
          value={values[key]}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          onChange={(e) => {
            const next = { ...values, [key]: e.target.value };
            setValues(next);
            // Once a field shows an error, it is re-checked as the visitor types.
            if (error) setErrors((er) => ({ ...er, [key]: recheck(next)[key] }));
          }}
        />
        {error && (
          <p id={`${fid}-error`} className="text-sm font-medium text-destructive-text">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {w.joinTitle}
      </h2>
      <p className="mt-1 text-sm font-medium first-letter:uppercase">{what}</p>
      <p className="mt-1 text-sm text-muted-foreground">{target.time ? w.joinTimeIntro : w.joinDayIntro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {event.seats > 1 && seatChoices.length > 1 && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-seats`}>{w.seats}</Label>
            <select
              id={`${id}-seats`}
              ref={(el) => void (inputs.current.seats = el)}
              value={seats}
              onChange={(e) => setSeats(Number(e.target.value))}
              aria-invalid={!!errors.seats || undefined}
              aria-describedby={errors.seats ? `${id}-seats-error` : undefined}
              className="h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:w-40 md:text-sm"
            >
              {seatChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {errors.seats && (
              <p id={`${id}-seats-error`} className="text-sm font-medium text-destructive-text">
                {errors.seats}
              </p>
            )}
          </div>
        )}
        {field('name', w.name, 'text', 'name')}
        {field('email', w.email, 'email', 'email')}
        {field('phone', w.phone, 'tel', 'tel')}
        {refusal && (
          <p
            role="alert"
            className="rounded-lg border border-destructive-text/40 bg-destructive/5 p-3 text-sm font-medium text-destructive-text"
          >
            {refusal}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" size="lg" onClick={onCancel} disabled={join.isPending}>
            {w.cancelJoin}
          </Button>
          <Button type="submit" size="lg" disabled={join.isPending}>
            {join.isPending ? w.joining : target.time ? w.joinTimeButton : w.joinDayButton}
          </Button>
        </div>
      </form>
    </section>
  );
}
