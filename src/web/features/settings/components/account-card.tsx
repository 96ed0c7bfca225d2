import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { SettingsCardHeader } from '@web/components/settings-card-header';

const t = nl.settingsUi;

/** Account info with username and e-mail (docs/PRODUCT.md#settings); changes happen on the profile page. */
export function AccountCard({ user }: { user: PublicUser }) {
  return (
    <Card>
      <SettingsCardHeader icon={UserRound} title={t.accountTitle} description={t.accountText} />
      <CardContent className="grid gap-4">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="text-sm text-muted-foreground">{t.username}</dt>
            <dd className="font-medium break-all">{user.username}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm text-muted-foreground">{t.email}</dt>
            <dd className={user.email ? 'font-medium break-all' : 'text-muted-foreground italic'}>
              {user.email ?? t.noEmail}
            </dd>
          </div>
        </dl>
        <div>
          <Button asChild variant="outline" size="sm">
            <Link href="/profile">{t.toProfile}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
