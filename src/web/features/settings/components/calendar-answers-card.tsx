import { ShieldCheck } from 'lucide-react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * Whether the customers' answers go along into the calendar feed and Google Calendar
 * (docs/PRODUCT.md#calendar-feed): calendars outside the app, so off by default.
 */
export function CalendarAnswersCard({ user }: { user: PublicUser }) {
  return (
    <SettingSwitchCard
      user={user}
      setting="calendarShowAnswers"
      icon={ShieldCheck}
      texts={nl.dataOut.answers}
    />
  );
}
