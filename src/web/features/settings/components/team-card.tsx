import { Users } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '@contracts/auth';
import { nl } from '@contracts/messages';
import type { TeamEntry } from '@contracts/team';
import { INVITABLE_ROLES, mayManageMember } from '@core/permissions';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadError } from '@web/components/load-error';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { SwitchRow } from '@web/components/switch-row';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useAgendas } from '@web/lib/agendas';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useRemoveMember, useRevokeInvitation, useTeam, useUpdateTeamSettings } from '../api/team';
import { TeamInviteForm } from './team-invite-form';
import { EditMemberDialog, MakeOwnerDialog } from './team-member-dialogs';

const t = nl.team.card;

/**
 * 'Team' (docs/PRODUCT.md#team): the members and open invitations, inviting, changing and removing
 * members, handing over the eigenaar's role and requiring two-step sign-in. Offered only what the
 * member's role allows (`allowedActions`; who may change whom is core's `mayManageMember`).
 */
export function TeamCard({ user }: { user: PublicUser }) {
  const team = useTeam();
  const agendas = useAgendas();
  const mayRoles = user.allowedActions.includes('team.roles');
  const [editing, setEditing] = useState<TeamEntry | null>(null);
  const [removing, setRemoving] = useState<TeamEntry | null>(null);
  const [handingOver, setHandingOver] = useState<TeamEntry | null>(null);
  const givable = INVITABLE_ROLES.filter((role) => mayManageMember(user.role, role));
  const failed = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: describeError(error) });
  const remove = useRemoveMember({
    onSuccess: () => {
      setRemoving(null);
      toast({ title: t.removed });
    },
    onError: failed(t.removeFailed),
  });
  const revoke = useRevokeInvitation({
    onSuccess: () => {
      setRemoving(null);
      toast({ title: t.revoked });
    },
    onError: failed(t.revokeFailed),
  });
  const agendaName = new Map((agendas.data ?? []).map((a) => [a.id, a.name]));
  const when = new Intl.DateTimeFormat('nl-NL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: user.timeZone,
  });

  return (
    <Card>
      <SettingsCardHeader icon={Users} title={t.title} description={t.description} />
      <CardContent className="grid gap-6">
        {team.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : team.isError ? (
          <LoadError error={team.error} onRetry={() => void team.refetch()} />
        ) : (
          <section aria-labelledby="team-members-title" className="grid gap-2">
            <h3 id="team-members-title" className="sr-only">
              {t.members}
            </h3>
            <ul className="grid divide-y rounded-lg border">
              {team.data.map((entry) => {
                const manageable = entry.isSelf
                  ? entry.role === 'eigenaar'
                  : mayManageMember(user.role, entry.role);
                const linked = entry.agendaIds.map((id) => agendaName.get(id)).filter(Boolean);
                return (
                  <li
                    key={entry.id}
                    className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
                  >
                    <div className="grid min-w-0 gap-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="break-words">
                          {entry.name}{' '}
                          {entry.isSelf && <span className="text-muted-foreground">{t.you}</span>}
                        </span>
                        <Badge variant="soft">{nl.team.roles[entry.role]}</Badge>
                        <Badge variant={entry.status === 'active' ? 'secondary' : 'outline'}>
                          {entry.status === 'active' ? t.active : t.invited}
                        </Badge>
                      </p>
                      {entry.email && (
                        <p className="text-sm break-all text-muted-foreground">{entry.email}</p>
                      )}
                      <dl className="grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                        <dt className="text-muted-foreground">{t.agendas}</dt>
                        <dd>{linked.length ? linked.join(', ') : t.allAgendas}</dd>
                        {entry.status === 'active' && (
                          <>
                            <dt className="text-muted-foreground">{t.lastLogin}</dt>
                            <dd>
                              {entry.lastLoginAt ? when.format(new Date(entry.lastLoginAt)) : t.neverLoggedIn}
                            </dd>
                          </>
                        )}
                      </dl>
                    </div>
                    <div
                      role="group"
                      aria-label={fill(t.actionsFor, { name: entry.name })}
                      className="flex flex-wrap gap-2"
                    >
                      {entry.status === 'invited' ? (
                        manageable && (
                          <Button variant="outline" size="sm" onClick={() => setRemoving(entry)}>
                            {t.revoke}
                          </Button>
                        )
                      ) : (
                        <>
                          {manageable && (
                            <Button variant="outline" size="sm" onClick={() => setEditing(entry)}>
                              {t.edit}
                            </Button>
                          )}
                          {mayRoles && !entry.isSelf && (
                            <Button variant="outline" size="sm" onClick={() => setHandingOver(entry)}>
                              {t.makeOwner}
                            </Button>
                          )}
                          {manageable && !entry.isSelf && (
                            <Button variant="outline" size="sm" onClick={() => setRemoving(entry)}>
                              {t.remove}
                            </Button>
                          )}
                        </>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {givable.length > 0 && <TeamInviteForm roles={givable} />}
        {mayRoles && <RequireTwoFactorSwitch user={user} />}
      </CardContent>
      <EditMemberDialog
        member={editing}
        roles={mayRoles ? INVITABLE_ROLES : null}
        onClose={() => setEditing(null)}
      />
      <MakeOwnerDialog member={handingOver} onClose={() => setHandingOver(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={fill(removing?.status === 'invited' ? t.revokeTitle : t.removeTitle, {
          name: removing?.name ?? '',
        })}
        description={removing?.status === 'invited' ? t.revokeText : t.removeText}
        keepLabel={t.keep}
        confirmLabel={removing?.status === 'invited' ? t.confirmRevoke : t.confirmRemove}
        pending={remove.isPending || revoke.isPending}
        onConfirm={() => {
          if (!removing) return;
          if (removing.status === 'invited') revoke.mutate(removing.id);
          else remove.mutate(removing.id);
        }}
      />
    </Card>
  );
}

/** "2FA verplicht": saved the moment it is flipped, as the other switches in Instellingen are. */
function RequireTwoFactorSwitch({ user }: { user: PublicUser }) {
  const save = useUpdateTeamSettings({
    onSuccess: ({ requireTwoFactor }) =>
      toast({ title: requireTwoFactor ? t.require2faOn : t.require2faOff }),
    onError: (error) =>
      toast({ variant: 'destructive', title: t.require2faFailed, description: describeError(error) }),
  });
  const checked = save.isPending
    ? (save.variables?.require2fa ?? user.requireTwoFactor)
    : user.requireTwoFactor;
  return (
    <SwitchRow
      label={t.require2fa}
      hint={t.require2faHint}
      checked={checked}
      disabled={save.isPending}
      onCheckedChange={(value) => save.mutate({ require2fa: value })}
    />
  );
}
