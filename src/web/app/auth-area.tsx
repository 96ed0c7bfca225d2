import { Route, Switch } from 'wouter';
import AuthPage from '@web/pages/auth/auth-page';
import ResetPasswordPage from '@web/pages/auth/reset-password-page';
import ApprovalPage from '@web/pages/approval/approval-page';
import InvitationPage from '@web/pages/invitation/invitation-page';
import { RedirectIfSignedIn } from './guards';

/**
 * The pages in the sign-in frame, loaded as one chunk with their guard, not in the app shell (one
 * lazy import rather than four keeps the booking page's first load under its budget):
 * - /auth, for signed-out visitors only;
 * - a password reset link (docs/PRODUCT.md#password-reset): works signed in or out, and signs out;
 * - a team invitation (docs/PRODUCT.md#team): accepting signs in;
 * - a request's decision link (docs/PRODUCT.md#approval): works without a session.
 */
export default function AuthArea() {
  return (
    <Switch>
      <Route path="/auth/reset/:token" component={ResetPasswordPage} />
      <Route path="/uitnodiging/:token" component={InvitationPage} />
      <Route path="/aanvraag/:token" component={ApprovalPage} />
      <Route>
        <RedirectIfSignedIn>
          <AuthPage />
        </RedirectIfSignedIn>
      </Route>
    </Switch>
  );
}
