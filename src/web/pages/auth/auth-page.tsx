import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { nl } from '@contracts/messages';
import { dismissToast, toast } from '@web/components/ui/use-toast';
import { AuthShell, authLinkClass, FORGOT_PASSWORD_SEARCH } from '@web/features/auth/components/auth-shell';
import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';
import { LoginForm } from '@web/features/auth/components/login-form';
import { RegisterForm } from '@web/features/auth/components/register-form';
import { TwoFactorLoginForm } from '@web/features/auth/components/two-factor-login-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

type Mode = 'login' | 'register' | 'forgot' | 'twoFactor';

const TEXTS: Record<Mode, { title: string; text: string }> = {
  login: { title: nl.auth.loginTitle, text: nl.auth.loginText },
  register: { title: nl.auth.registerTitle, text: nl.auth.registerText },
  forgot: { title: nl.passwordReset.forgotTitle, text: nl.passwordReset.forgotText },
  twoFactor: { title: nl.twoFactor.loginTitle, text: nl.twoFactor.loginText },
};

export default function AuthPage() {
  const search = useSearch();
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(search).has(FORGOT_PASSWORD_SEARCH) ? 'forgot' : 'login',
  );
  const [, navigate] = useLocation();
  const { title, text } = TEXTS[mode];
  useDocumentTitle(title);

  // The mutation has already made the answer the current user and cleared other cached data.
  const goHome = () => {
    dismissToast(); // an earlier "Inloggen mislukt" must not linger over the dashboard
    navigate('/', { replace: true });
  };
  const switchTo = (next: Mode) => {
    dismissToast();
    setMode(next);
  };

  return (
    <AuthShell title={title} text={text}>
      {mode === 'login' && (
        <LoginForm key="login" onSuccess={goHome} onSecondStep={() => switchTo('twoFactor')} />
      )}
      {mode === 'twoFactor' && (
        <TwoFactorLoginForm
          key="twoFactor"
          onSuccess={goHome}
          onExpired={() => {
            switchTo('login');
            toast({
              variant: 'destructive',
              title: nl.auth.loginFailed,
              description: nl.twoFactor.pendingExpired,
            });
          }}
        />
      )}
      {mode === 'register' && <RegisterForm key="register" onSuccess={goHome} />}
      {mode === 'forgot' && <ForgotPasswordForm key="forgot" />}
      <div className="grid gap-3 text-center text-sm">
        {mode === 'login' && (
          <p>
            <button type="button" className={authLinkClass} onClick={() => switchTo('forgot')}>
              {nl.passwordReset.forgotLink}
            </button>
          </p>
        )}
        <p>
          <button
            type="button"
            className={authLinkClass}
            onClick={() => switchTo(mode === 'login' ? 'register' : 'login')}
          >
            {mode === 'login'
              ? nl.auth.toRegister
              : mode === 'register'
                ? nl.auth.toLogin
                : nl.passwordReset.backToLogin}
          </button>
        </p>
      </div>
    </AuthShell>
  );
}
