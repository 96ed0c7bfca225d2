import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from './use-toast';

describe('toast store (docs/PRODUCT.md#constants)', () => {
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('shows one toast at a time: the newest replaces the one on screen', () => {
    vi.useFakeTimers();
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'Een' });
    const second = toast({ title: 'Twee', variant: 'destructive' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({
      id: second.id,
      title: 'Twee',
      variant: 'destructive',
      open: true,
    });
  });

  it('closes a dismissed toast at once and removes it after 1000000 ms', () => {
    vi.useFakeTimers();
    const t = toast({ title: 'Weg' });
    t.dismiss();
    expect(getToasts()[0]).toMatchObject({ id: t.id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts().some((x) => x.id === t.id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().some((x) => x.id === t.id)).toBe(false);
  });

  it('closing through Radix (swipe, timeout, close button) dismisses too', () => {
    vi.useFakeTimers();
    const t = toast({ title: 'Swipe' });
    getToasts()[0]!.onOpenChange(false);
    expect(getToasts()[0]).toMatchObject({ id: t.id, open: false });
    dismissToast();
  });
});
