import { describe, expect, it } from 'vitest';
import type { SubscriptionHandlers } from '../../db/client';
import { AppError } from '../../http/app-error';
import { createAvailabilityCache } from './availability-cache';
import { createSlotRefusals } from './slot-refusals';

/** The refusals over a real availability cache; `notify` plays a committed change, `drop` a lost connection. */
function refusalsWithNotifications() {
  let handlers: SubscriptionHandlers | undefined;
  let live = true;
  const cache = createAvailabilityCache({
    subscribe: (_channel, h) => {
      handlers = h;
      return {
        get live() {
          return live;
        },
        sync: async () => {
          if (!live) throw new Error('not listening');
        },
        close: async () => {},
      };
    },
  });
  return {
    refusals: createSlotRefusals(cache),
    notify: (ownerId: string) => handlers!.message(ownerId),
    drop: () => {
      live = false;
      handlers!.reset();
    },
  };
}

const AT = new Date('2027-04-28T09:00:10Z');
const full = new AppError('SLOT_TAKEN', 'Deze les is vol.');
const refusedWith = async (p: Promise<void>) =>
  (
    await p.then(
      () => null,
      (err: AppError) => err,
    )
  )?.message;

describe('slot refusals remembered while nothing of the owner changed', () => {
  it('refuses the same request again until a change of that owner is notified', async () => {
    const { refusals, notify } = refusalsWithNotifications();
    const stamp = (await refusals.stamp('o1'))!;
    refusals.remember('e1|2027-05-01|10:00|', stamp, AT, full);
    expect(await refusedWith(refusals.refuseKnown('e1|2027-05-01|10:00|', AT))).toBe(full.message);
    // Another request, another owner's change: neither is refused for it, nor does it end it.
    expect(await refusedWith(refusals.refuseKnown('e1|2027-05-01|11:00|', AT))).toBeUndefined();
    notify('o2');
    expect(await refusedWith(refusals.refuseKnown('e1|2027-05-01|10:00|', AT))).toBe(full.message);
    notify('o1');
    expect(await refusedWith(refusals.refuseKnown('e1|2027-05-01|10:00|', AT))).toBeUndefined();
    expect(refusals.size).toBe(0);
  });

  it('forgets a refusal made before the change it was stamped after', async () => {
    const { refusals, notify } = refusalsWithNotifications();
    const stamp = (await refusals.stamp('o1'))!;
    notify('o1'); // committed while the refused write ran: its refusal may not hold any more
    refusals.remember('k', stamp, AT, full);
    expect(await refusedWith(refusals.refuseKnown('k', AT))).toBeUndefined();
  });

  it('holds within its minute only, and not at all while notifications may be missed', async () => {
    const { refusals, drop } = refusalsWithNotifications();
    refusals.remember('k', (await refusals.stamp('o1'))!, AT, full);
    expect(await refusedWith(refusals.refuseKnown('k', new Date('2027-04-28T09:00:59Z')))).toBe(full.message);
    expect(await refusedWith(refusals.refuseKnown('k', new Date('2027-04-28T09:01:00Z')))).toBeUndefined();
    refusals.remember('k', (await refusals.stamp('o1'))!, AT, full);
    drop();
    expect(await refusedWith(refusals.refuseKnown('k', AT))).toBeUndefined();
    expect(await refusals.stamp('o1')).toBeNull();
  });
});
