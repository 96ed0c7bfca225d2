import { nl } from '@contracts/messages';
import { PageHeader } from '@web/components/page-header';
import { useCurrentUser } from '@web/lib/current-user';
import { PasswordForm } from '@web/features/profile/components/password-form';
import { ProfileForm } from '@web/features/profile/components/profile-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function ProfilePage() {
  const user = useCurrentUser();
  useDocumentTitle(nl.profile.title);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={nl.profile.title} description={nl.profile.text} />
      <ProfileForm user={user} />
      <PasswordForm username={user.username} />
    </div>
  );
}
