import { z } from 'zod';
import { nl } from './messages';

/**
 * GET/POST /api/calendar-feed: the owner's secret calendar address (docs/PRODUCT.md#calendar-feed),
 * null when none exists.
 */
/**
 * POST /api/calendar-feed: `replace: false` makes an address only when there is none (and otherwise
 * answers the current one); `replace: true` always makes a new one, so the old one stops working.
 */
export const calendarFeedBody = z.object({ replace: z.boolean({ error: nl.dataOut.feedReplaceRequired }) });
export type CalendarFeedBody = z.infer<typeof calendarFeedBody>;

export const calendarFeedDto = z.object({ url: z.string().nullable() });
export type CalendarFeedDto = z.infer<typeof calendarFeedDto>;

/** GET /feed/{token}.ics: the token is 43 base64url characters (256 bits). */
export const calendarFeedParams = z.object({ file: z.string().max(100) });
