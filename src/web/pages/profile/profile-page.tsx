import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import { PageHeader } from '@web/components/page-header';
import { toast } from '@web/components/ui/use-toast';
import { useCurrentUser } from '@web/lib/current-user';
import { endSession } from '@web/features/auth/lib/session-cache';
import { AccountDeletionCard } from '@web/features/profile/components/account-deletion-card';
import { PasswordForm } from '@web/features/profile/components/password-form';
import { ProfileForm } from '@web/features/profile/components/profile-form';
import { TwoFactorCard } from '@web/features/profile/components/two-factor-card';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function ProfilePage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useDocumentTitle(user.twoFactorSetupRequired ? nl.twoFactor.requiredTitle : nl.profile.title);

  // docs/PRODUCT.md#account-deletion: like a logout, nothing of the account stays cached.
  const deleted = () => {
    toast({ title: nl.accountDeletion.deleted, description: nl.accountDeletion.deletedText });
    endSession(queryClient);
    navigate('/auth', { replace: true });
  };

  // docs/PRODUCT.md#two-step-sign-in: while the business requires it and it is not set up, the card
  // alone. It keeps its place among the children, so the recovery codes it shows after enabling stay
  // when the rest of the page appears.
  const required = user.twoFactorSetupRequired;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {required ? (
        <PageHeader title={nl.twoFactor.requiredTitle} description={nl.twoFactor.requiredText} />
      ) : (
        <>
          <PageHeader title={nl.profile.title} description={nl.profile.text} />
          <ProfileForm user={user} />
          <PasswordForm username={user.username} />
        </>
      )}
      <TwoFactorCard user={user} />
      {!required && user.allowedActions.includes('account.delete') && (
        <AccountDeletionCard username={user.username} onDeleted={deleted} />
      )}
    </div>
  );
}
