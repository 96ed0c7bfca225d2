import { useState } from 'react';
import { useLocation } from 'wouter';
import { nl } from '@contracts/messages';
import { BrandMark } from '@web/components/brand-mark';
import { SkipLink } from '@web/components/skip-link';
import { ThemeToggle } from '@web/components/theme-toggle';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { dismissToast } from '@web/components/ui/use-toast';
import { AuthClaimsPanel } from '@web/features/auth/components/auth-claims-panel';
import { LoginForm } from '@web/features/auth/components/login-form';
import { RegisterForm } from '@web/features/auth/components/register-form';
import { useDocumentTitle } from '@web/lib/use-document-title';

type Mode = 'login' | 'register';

export default function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [, navigate] = useLocation();
  const isLogin = mode === 'login';
  const title = isLogin ? nl.auth.loginTitle : nl.auth.registerTitle;
  useDocumentTitle(title);

  // The mutation has already made the answer the current user and cleared other cached data.
  const goHome = () => {
    dismissToast(); // an earlier "Inloggen mislukt" must not linger over the dashboard
    navigate('/', { replace: true });
  };

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <SkipLink />
      <div className="flex flex-col px-6 py-6 sm:px-10">
        <header className="flex items-center justify-between">
          <div className="flex items-center gap-2.5 font-semibold">
            <BrandMark />
            <span>{nl.app.name}</span>
          </div>
          {/* The owner area provides tooltips for its pages; this page sits outside it. */}
          <TooltipProvider>
            <ThemeToggle />
          </TooltipProvider>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 items-center justify-center py-12 outline-none"
        >
          <div className="w-full max-w-sm space-y-8">
            <div className="space-y-2">
              <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
              <p className="text-muted-foreground">{isLogin ? nl.auth.loginText : nl.auth.registerText}</p>
            </div>
            {isLogin ? (
              <LoginForm key="login" onSuccess={goHome} />
            ) : (
              <RegisterForm key="register" onSuccess={goHome} />
            )}
            <p className="text-center text-sm">
              <button
                type="button"
                className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                onClick={() => setMode(isLogin ? 'register' : 'login')}
              >
                {isLogin ? nl.auth.toRegister : nl.auth.toLogin}
              </button>
            </p>
          </div>
        </main>
      </div>
      <AuthClaimsPanel />
    </div>
  );
}
