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
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function ProfilePage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useDocumentTitle(nl.profile.title);

  // docs/PRODUCT.md#account-deletion: like a logout, nothing of the account stays cached.
  const deleted = () => {
    toast({ title: nl.accountDeletion.deleted, description: nl.accountDeletion.deletedText });
    endSession(queryClient);
    navigate('/auth', { replace: true });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={nl.profile.title} description={nl.profile.text} />
      <ProfileForm user={user} />
      <PasswordForm username={user.username} />
      <AccountDeletionCard username={user.username} onDeleted={deleted} />
    </div>
  );
}
