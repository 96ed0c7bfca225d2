import { nl } from '@contracts/messages';
import { PageHeader } from '@web/components/page-header';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/lib/current-user';
import { LoadError } from '@web/components/load-error';
import { ActivityCard } from '@web/features/activity/components/activity-card';
import { AgendasCard } from '@web/features/agendas/components/agendas-card';
import { ClosuresCard } from '@web/features/closures/components/closures-card';
import { useEmailSettings } from '@web/features/settings/api/get-email-settings';
import { AccountCard } from '@web/features/settings/components/account-card';
import { ApiKeysCard } from '@web/features/settings/components/api-keys-card';
import { AutoRefundCard } from '@web/features/settings/components/auto-refund-card';
import { BusinessProfileCard } from '@web/features/settings/components/business-profile-card';
import { CalendarAnswersCard } from '@web/features/settings/components/calendar-answers-card';
import { CalendarFeedCard } from '@web/features/settings/components/calendar-feed-card';
import { EmailSettingsCard } from '@web/features/settings/components/email-settings-card';
import { GoogleCalendarCard } from '@web/features/settings/components/google-calendar-card';
import { MessagingCard } from '@web/features/settings/components/messaging-card';
import { PaymentKeysCard } from '@web/features/settings/components/payment-keys-card';
import { PrivacyCard } from '@web/features/settings/components/privacy-card';
import { TeamCard } from '@web/features/settings/components/team-card';
import { useOAuthReturn } from '@web/features/settings/lib/use-oauth-return';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function SettingsPage() {
  useDocumentTitle(nl.nav.settings);
  useOAuthReturn();
  const user = useCurrentUser();
  const emailSettings = useEmailSettings();

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <PageHeader title={nl.nav.settings} description={nl.pages.settingsText} />
      <BusinessProfileCard />
      {user.allowedActions.includes('team') && <TeamCard user={user} />}
      <AgendasCard />
      <ClosuresCard />
      {/* The payment keys and the refund rule are the eigenaar's (docs/PRODUCT.md#roles). */}
      {user.allowedActions.includes('paymentKeys') && (
        <>
          <PaymentKeysCard user={user} />
          <AutoRefundCard user={user} />
        </>
      )}
      {emailSettings.data ? (
        <EmailSettingsCard settings={emailSettings.data} user={user} />
      ) : emailSettings.isError ? (
        <LoadError error={emailSettings.error} onRetry={() => void emailSettings.refetch()} />
      ) : (
        <Card role="status" aria-live="polite" className="gap-4 px-6">
          <span className="sr-only">{nl.settingsUi.loading}</span>
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-2/3" />
          <div className="grid gap-3 md:grid-cols-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        </Card>
      )}
      <MessagingCard />
      <GoogleCalendarCard user={user} />
      <CalendarFeedCard />
      <CalendarAnswersCard user={user} />
      {/* A key acts as a beheerder: only those who have that role's rights make one. */}
      {user.allowedActions.includes('settings') && <ApiKeysCard user={user} />}
      <PrivacyCard user={user} />
      {user.allowedActions.includes('activity') && <ActivityCard timeZone={user.timeZone} />}
      <AccountCard user={user} />
    </div>
  );
}
