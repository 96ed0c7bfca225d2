import { sql } from 'drizzle-orm';
import type { MemberRole } from '@core/permissions';
import { queryRows } from '../../test/databases';
import { agent, type Agent, type TestApp } from '../../test/test-app';

let memberCount = 0;

/** The token at the end of an invitation link. */
export const tokenOf = (inviteUrl: string) => inviteUrl.split('/uitnodiging/')[1]!;

/**
 * A member of the owner's business with the given role, through a real invitation and its
 * acceptance; signed in on an agent of their own.
 */
export async function teamMember(
  t: TestApp,
  inviter: Agent,
  role: Exclude<MemberRole, 'eigenaar'>,
  opts: { agendaIds?: string[]; name?: string } = {},
): Promise<Agent & { id: string; username: string; email: string }> {
  const n = ++memberCount;
  const username = `lid${n}${role}`;
  const email = `${username}@example.nl`;
  const invited = await inviter.post('/api/team/invitations', {
    email,
    name: opts.name ?? `Lid ${n}`,
    role,
    agendaIds: opts.agendaIds ?? [],
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const a = agent(t.app);
  const res = await a.post(`/api/public/invitations/${tokenOf(invited.json().inviteUrl)}/accept`, {
    username,
    password: 'geheim123',
  });
  if (res.statusCode !== 201) throw new Error(`accept failed: ${res.body}`);
  return Object.assign(a, { id: res.json().id as string, username, email });
}

/** The business's activity log entries, oldest first, as stored. */
export const activityOf = (t: TestApp, businessId: string) =>
  queryRows<{ kind: string; member_id: string | null; subject_id: string; before: unknown; after: unknown }>(
    t.database,
    sql`select kind, member_id, subject_id, before, after from activity_log where business_id = ${businessId} order by seq`,
  );

let agendaCount = 0;

/** A new agenda of the agent's business; its id. */
export async function newAgenda(a: Agent, name = `Stoel ${++agendaCount}`): Promise<string> {
  const res = await a.post('/api/agendas', { name });
  if (res.statusCode !== 201) throw new Error(`agenda failed: ${res.body}`);
  return res.json().id as string;
}
