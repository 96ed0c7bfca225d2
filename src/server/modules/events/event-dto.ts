import { rulesOf } from '@contracts/booking-rules';
import type { CustomFieldDto, EventDto } from '@contracts/events';
import { depositValueText } from '@core/index';
import type { EventRow } from '../../db/schema';
import type { customFields } from '../../db/schema';

export function toEventDto(row: EventRow): EventDto {
  return {
    id: row.id,
    categoryId: row.categoryId,
    title: row.title,
    description: row.description,
    workingDays: row.workingDays,
    dateRangeType: row.dateRangeType,
    dateRangeStart: row.dateRangeStart,
    dateRangeEnd: row.dateRangeEnd,
    specificDates: row.specificDates,
    dailyPauseTimes: row.dailyPauseTimes,
    durationMinutes: row.durationMinutes,
    requiresPayment: row.requiresPayment,
    paymentAmount: row.paymentAmount,
    currency: row.currency,
    slug: row.slug,
    googleCalendarId: row.googleCalendarId,
    themeColor: row.themeColor,
    agendaIds: row.agendaIds,
    agendaGroups: [row.agendaIds, ...row.extraAgendaGroups],
    allowCombinations: row.allowCombinations,
    hiddenOnProfile: row.hiddenOnProfile,
    seats: row.seats,
    maxSeatsPerBooking: row.maxSeatsPerBooking,
    waitlistEnabled: row.waitlistEnabled,
    waitlistOfferMinutes: row.waitlistOfferMinutes,
    seriesOptions: row.seriesOptions,
    approval: row.approval,
    textMessages: row.textMessages,
    ...rulesOf(row),
    depositType: row.depositType,
    depositValue: depositValueText(row),
    depositFor: row.depositFor,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFieldDto(row: typeof customFields.$inferSelect): CustomFieldDto {
  return {
    id: row.id,
    eventId: row.eventId,
    fieldName: row.fieldName,
    fieldType: row.fieldType,
    isRequired: row.isRequired,
    order: row.order,
    options: row.options,
    minValue: row.minValue === null ? null : Number(row.minValue),
    maxValue: row.maxValue === null ? null : Number(row.maxValue),
    sensitive: row.sensitive,
  };
}
