import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ShieldOff } from 'lucide-react';
import { nl } from '@contracts/messages';
import { EmptyState } from '@web/components/empty-state';
import { buttonVariants } from '@web/components/ui/button';
import { useCurrentUser } from '@web/lib/current-user';
import { mayOpenPath } from './layouts/nav-items';

/**
 * A page the member's role may not use (docs/PRODUCT.md#roles) is not in their menu; opened by its
 * address it shows 'Geen toegang' instead of failing on the server's 403s.
 */
export function PageAccess({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const user = useCurrentUser();
  if (mayOpenPath(location, user.allowedActions)) return children;
  return (
    <EmptyState
      icon={ShieldOff}
      title={nl.roles.noAccessTitle}
      description={nl.roles.noAccessText}
      action={
        <Link href="/" className={buttonVariants({ variant: 'outline' })}>
          {nl.roles.backToDashboard}
        </Link>
      }
    />
  );
}
