/** The event's custom fields: one call shared with the bookings' dialogs (lib/event-fields.ts). */
export {
  eventFieldsQueryKey,
  getEventFields,
  getEventFieldsQueryOptions,
  useEventFields,
} from '@web/lib/event-fields';
