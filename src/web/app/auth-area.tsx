import AuthPage from '@web/pages/auth/auth-page';
import { RedirectIfSignedIn } from './guards';

/** /auth, for signed-out visitors only: loaded as one chunk with its guard, not in the app shell. */
export default function AuthArea() {
  return (
    <RedirectIfSignedIn>
      <AuthPage />
    </RedirectIfSignedIn>
  );
}
