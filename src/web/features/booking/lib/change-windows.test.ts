import { describe, expect, it } from 'vitest';
import { changeWindows, nextClosing } from './change-windows';

// 24 November 2026 14:00 in Amsterdam (winter time, UTC+1) is a Tuesday.
const deadline = '2026-11-24T13:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
const managed = (cancelUntil: string | null, rescheduleUntil: string | null) => ({
  deadlines: { cancelUntil, rescheduleUntil },
  event: { timeZone: 'Europe/Amsterdam' } as never,
});

describe('changeWindows', () => {
  it('says until when, in the owner’s zone, while the cut-off lies ahead', () => {
    const w = changeWindows(managed(deadline, deadline), at('2026-11-20T09:00:00Z'));
    expect(w.reschedule).toEqual({
      open: true,
      text: 'Wijzigen kan tot di 24 nov 14:00',
      until: at(deadline),
    });
    expect(w.cancel).toEqual({ open: true, text: 'Annuleren kan tot di 24 nov 14:00', until: at(deadline) });
  });

  it('is still open exactly at the deadline and closed just after it', () => {
    expect(changeWindows(managed(deadline, null), at(deadline)).cancel.open).toBe(true);
    const after = changeWindows(managed(deadline, deadline), at(deadline) + 1);
    expect(after.cancel).toMatchObject({
      open: false,
      text: 'Annuleren via deze link kon tot di 24 nov 14:00',
    });
    expect(after.reschedule).toMatchObject({
      open: false,
      text: 'Wijzigen via deze link kon tot di 24 nov 14:00',
    });
  });

  it('closes a window the server refused although the page’s clock had it open', () => {
    const w = changeWindows(managed(deadline, deadline), at('2026-11-20T09:00:00Z'), { cancel: true });
    expect(w.cancel).toMatchObject({ open: false, text: 'Annuleren via deze link kon tot di 24 nov 14:00' });
    expect(w.reschedule.open).toBe(true);
    // Without a cut-off the refusal had another reason (cancelled, past): no cut-off text is made up.
    expect(changeWindows(managed(null, null), 0, { cancel: true }).cancel).toEqual({
      open: true,
      text: null,
      until: null,
    });
  });

  it('has no text and stays open without a cut-off', () => {
    const w = changeWindows(managed(null, null), at('2030-01-01T00:00:00Z'));
    expect(w.cancel).toEqual({ open: true, text: null, until: null });
    expect(w.reschedule).toEqual({ open: true, text: null, until: null });
  });

  it('formats in the owner’s zone, not the viewer’s', () => {
    const w = changeWindows(
      {
        deadlines: { cancelUntil: deadline, rescheduleUntil: null },
        event: { timeZone: 'America/New_York' } as never,
      },
      0,
    );
    expect(w.cancel.text).toBe('Annuleren kan tot di 24 nov 08:00');
  });
});

describe('nextClosing', () => {
  it('is the earliest deadline still ahead', () => {
    const w = changeWindows(managed('2026-11-24T13:00:00Z', '2026-11-23T13:00:00Z'), 0);
    expect(nextClosing(w, 0)).toBe(at('2026-11-23T13:00:00Z'));
    expect(nextClosing(w, at('2026-11-23T14:00:00Z'))).toBe(at('2026-11-24T13:00:00Z'));
    expect(nextClosing(w, at('2026-11-25T00:00:00Z'))).toBeNull();
  });
});
