import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { sha256 } from '../../lib/crypto';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createMailingApp, type MailingApp } from '../../test/test-app';
import { eventually } from '../../test/wait';
import { INVITATION_USES_PER_IP } from './invitations.routes';
import { INVITATION_TTL_MS } from './team-invites';
import { activityOf, newAgenda, tokenOf } from './team-test-helpers';

const APP_URL = 'https://afspraak.test';
const LINK = /https:\/\/afspraak\.test\/uitnodiging\/([A-Za-z0-9_-]+)/;
const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(dbKinds())('team invitations on %s', (kind) => {
  let t: MailingApp;
  // The app's clock: fixed, moved forward by a test to let an invitation expire.
  let clock = START;
  let visitor = 0;
  const address = () => `198.51.100.${++visitor}`;

  beforeAll(async () => {
    t = await createMailingApp(kind, { workers: false, now: () => clock, env: { APP_URL } });
  });
  afterAll(async () => {
    await t.close();
  });

  const show = (token: string, remoteAddress = address()) =>
    t.app.inject({ method: 'GET', url: `/api/public/invitations/${token}`, remoteAddress });
  const activity = (businessId: string) => activityOf(t, businessId);

  it('invites by e-mail; the link shows the invitation, accepting signs the new member in with their role', async () => {
    const boss = await owner(t, 'kapsalon');
    await boss.patch('/api/business-profile', { name: 'Kapsalon Knip' });
    const chair = await newAgenda(boss);
    const invited = await boss.post('/api/team/invitations', {
      email: 'Anna@Example.nl',
      name: 'Anna de Vries',
      role: 'medewerker',
      agendaIds: [chair],
    });
    expect(invited.statusCode).toBe(201);
    const { id, inviteUrl, mailSent } = invited.json();
    expect(mailSent).toBe(true);
    expect(inviteUrl).toMatch(LINK);

    const mail = await eventually(
      () => t.smtp.received.find((m) => m.envelope.to.some((to) => to.toLowerCase() === 'anna@example.nl')),
      10_000,
      'invitation mail',
    );
    expect(mail.mail.subject).toBe('Uitnodiging voor het team van Kapsalon Knip');
    const token = LINK.exec(mail.mail.text ?? '')![1]!;
    expect(token).toBe(tokenOf(inviteUrl));
    expect(token).toHaveLength(43);
    // Only the hash is stored.
    const [row] = await queryRows<{ token_hash: string; expires_at: Date }>(
      t.database,
      sql`select token_hash, expires_at from team_invitations where id = ${id}`,
    );
    expect(row!.token_hash).toBe(sha256(token));
    expect(new Date(row!.expires_at).getTime()).toBe(START.getTime() + INVITATION_TTL_MS);

    const page = await show(token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      businessName: 'Kapsalon Knip',
      name: 'Anna de Vries',
      email: 'Anna@Example.nl',
      role: 'medewerker',
    });

    const anna = agent(t.app);
    const accepted = await anna.post(`/api/public/invitations/${token}/accept`, {
      username: 'anna',
      password: 'geheim123',
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.headers['set-cookie']).toBeDefined();
    expect(accepted.json()).toMatchObject({ username: 'anna', role: 'medewerker', businessId: boss.id });
    const me = await anna.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: 'medewerker',
      name: 'Anna de Vries',
      email: 'Anna@Example.nl',
      agendaIds: [chair],
      allowedActions: ['signedIn', 'services.read'],
    });
    // A medewerker has no team screen.
    expect((await anna.get('/api/team')).statusCode).toBe(403);

    const team = (await boss.get('/api/team')).json() as Array<{
      name: string;
      status: string;
      role: string;
    }>;
    expect(team.map((e) => [e.name, e.role, e.status])).toEqual([
      ['kapsalon', 'eigenaar', 'active'],
      ['Anna de Vries', 'medewerker', 'active'],
    ]);

    const entries = await activity(boss.id);
    const invitedEntry = entries.find((e) => e.kind === 'team.invited')!;
    expect(invitedEntry.member_id).toBe(boss.id);
    expect(invitedEntry.after).toMatchObject({ role: 'medewerker', agendaIds: [chair] });
    const joined = entries.find((e) => e.kind === 'team.joined')!;
    expect(joined.member_id).toBe(me.json().id);
    // Never the token or a password in the log.
    expect(JSON.stringify(entries)).not.toContain(token);
    expect(JSON.stringify(entries)).not.toContain(sha256(token));
    expect(JSON.stringify(entries)).not.toContain('geheim123');
  });

  it('a link works once, also when two accept at the same time', async () => {
    const boss = await owner(t);
    const { inviteUrl } = (
      await boss.post('/api/team/invitations', { email: 'twee@example.nl', name: 'Twee', role: 'receptie' })
    ).json();
    const token = tokenOf(inviteUrl);
    const [a, b] = await Promise.all([
      agent(t.app).post(`/api/public/invitations/${token}/accept`, {
        username: 'eerste1',
        password: 'geheim123',
      }),
      agent(t.app).post(`/api/public/invitations/${token}/accept`, {
        username: 'tweede2',
        password: 'geheim123',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404]);
    const again = await agent(t.app).post(`/api/public/invitations/${token}/accept`, {
      username: 'derde3',
      password: 'geheim123',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: nl.team.invitationInvalid });
    expect((await show(token)).statusCode).toBe(404);
    const members = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from members where business_id = ${boss.id}`,
    );
    expect(members[0]!.n).toBe(2);
  });

  it('an expired link answers 410 and cannot be accepted; an unknown one 404', async () => {
    const boss = await owner(t);
    const { inviteUrl } = (
      await boss.post('/api/team/invitations', { email: 'laat@example.nl', name: 'Laat', role: 'medewerker' })
    ).json();
    const token = tokenOf(inviteUrl);
    clock = new Date(START.getTime() + INVITATION_TTL_MS - 1000);
    expect((await show(token)).statusCode).toBe(200);
    clock = new Date(START.getTime() + INVITATION_TTL_MS);
    try {
      const page = await show(token);
      expect(page.statusCode).toBe(410);
      expect(page.json()).toMatchObject({ code: 'GONE', message: nl.team.invitationExpired });
      const accept = await agent(t.app).post(`/api/public/invitations/${token}/accept`, {
        username: 'telaat',
        password: 'geheim123',
      });
      expect(accept.statusCode).toBe(410);
      // Not on the team list any more either.
      const team = (await boss.get('/api/team')).json() as Array<{ status: string }>;
      expect(team.filter((e) => e.status === 'invited')).toEqual([]);
    } finally {
      clock = START;
    }
    const unknown = await show('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(nl.team.invitationInvalid);
    expect((await show('x'.repeat(101))).statusCode).toBe(404);
  });

  it('a taken username refuses with 409 as register does and leaves the link usable', async () => {
    await owner(t, 'bezet');
    const boss = await owner(t);
    const { inviteUrl } = (
      await boss.post('/api/team/invitations', { email: 'naam@example.nl', name: 'Naam', role: 'medewerker' })
    ).json();
    const token = tokenOf(inviteUrl);
    const taken = await agent(t.app).post(`/api/public/invitations/${token}/accept`, {
      username: 'BEZET',
      password: 'geheim123',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', fields: { username: nl.errors.usernameTaken } });
    const short = await agent(t.app).post(`/api/public/invitations/${token}/accept`, {
      username: 'vrij',
      password: 'kort',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe(nl.validation.passwordMin);
    const ok = await agent(t.app).post(`/api/public/invitations/${token}/accept`, {
      username: 'vrij',
      password: 'geheim123',
    });
    expect(ok.statusCode).toBe(201);
    // A failed acceptance wrote no entry; the one that worked wrote one.
    expect((await activity(boss.id)).filter((e) => e.kind === 'team.joined')).toHaveLength(1);
  });

  it('another business can neither revoke nor see an invitation, and its token joins only its own business', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const invited = (
      await a.post('/api/team/invitations', { email: 'gast@example.nl', name: 'Gast', role: 'receptie' })
    ).json();
    expect((await b.delete(`/api/team/invitations/${invited.id}`)).statusCode).toBe(404);
    expect(((await b.get('/api/team')).json() as unknown[]).length).toBe(1);
    // An agenda of another business cannot be linked.
    const foreign = await newAgenda(b);
    const refused = await a.post('/api/team/invitations', {
      email: 'x@example.nl',
      name: 'X',
      role: 'medewerker',
      agendaIds: [foreign],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.agendaIds).toBe(nl.agendas.unknown);

    const gast = agent(t.app);
    const res = await gast.post(`/api/public/invitations/${tokenOf(invited.inviteUrl)}/accept`, {
      username: 'gast',
      password: 'geheim123',
    });
    expect(res.json().businessId).toBe(a.id);
    // Signed in to business a, a member of b cannot be reached.
    const bMember = (await b.get('/api/team')).json()[0].id as string;
    expect((await gast.patch(`/api/team/${bMember}`, { name: 'Overname' })).statusCode).toBe(403);
    expect((await gast.get('/api/bookings')).statusCode).toBe(200);
  });

  it('revoking an invitation stops its link and is written down', async () => {
    const boss = await owner(t);
    const { id, inviteUrl } = (
      await boss.post('/api/team/invitations', { email: 'weg@example.nl', name: 'Weg', role: 'medewerker' })
    ).json();
    expect((await boss.delete(`/api/team/invitations/${id}`)).statusCode).toBe(200);
    expect((await boss.delete(`/api/team/invitations/${id}`)).statusCode).toBe(404);
    expect((await show(tokenOf(inviteUrl))).statusCode).toBe(404);
    const revoked = (await activity(boss.id)).find((e) => e.kind === 'team.invitation_revoked')!;
    expect(revoked.subject_id).toBe(id);
  });

  it('inviting the same address again replaces the open invitation', async () => {
    const boss = await owner(t);
    const first = (
      await boss.post('/api/team/invitations', { email: 'nog@example.nl', name: 'Nog', role: 'medewerker' })
    ).json();
    const second = (
      await boss.post('/api/team/invitations', { email: 'NOG@example.nl', name: 'Nog', role: 'receptie' })
    ).json();
    expect((await show(tokenOf(first.inviteUrl))).statusCode).toBe(404);
    expect((await show(tokenOf(second.inviteUrl))).json().role).toBe('receptie');
    const invited = ((await boss.get('/api/team')).json() as Array<{ id: string; status: string }>).filter(
      (e) => e.status === 'invited',
    );
    expect(invited.map((e) => e.id)).toEqual([second.id]);
  });

  it('refuses a member’s own address (409) and the role eigenaar (400), with Dutch messages and no entry', async () => {
    const boss = await owner(t, 'dubbel');
    const member = await boss.post('/api/team/invitations', {
      email: 'DUBBEL@example.nl',
      name: 'Dubbel',
      role: 'medewerker',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ code: 'CONFLICT', message: nl.team.alreadyMember });
    const eigenaar = await boss.post('/api/team/invitations', {
      email: 'baas@example.nl',
      name: 'Baas',
      role: 'eigenaar',
    });
    expect(eigenaar.statusCode).toBe(400);
    expect(eigenaar.json().fields.role).toBe(nl.team.eigenaarNotInvitable);
    const bad = await boss.post('/api/team/invitations', {
      email: 'geen-adres',
      name: '',
      role: 'medewerker',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'name']);
    expect(await activity(boss.id)).toEqual([]);
  });

  it('keeps the invitation when the mail cannot go out: 201 with the link and mailSent false', async () => {
    const boss = await owner(t);
    // Gmail chosen but never connected: the business's provider refuses.
    await t.database.db.execute(sql`update users set email_provider = 'gmail' where id = ${boss.id}`);
    const res = await boss.post('/api/team/invitations', {
      email: 'stil@example.nl',
      name: 'Stil',
      role: 'medewerker',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().mailSent).toBe(false);
    expect((await show(tokenOf(res.json().inviteUrl))).statusCode).toBe(200);
  });

  it(`limits each public call to ${INVITATION_USES_PER_IP} per address per 15 minutes`, async () => {
    const from = address();
    for (let i = 0; i < INVITATION_USES_PER_IP; i++)
      expect((await show('y'.repeat(43), from)).statusCode).toBe(404);
    expect((await show('y'.repeat(43), from)).statusCode).toBe(429);
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/invitations/${'y'.repeat(43)}/accept`,
        payload: { username: 'iemand', password: 'geheim123' },
        remoteAddress: from,
      });
    for (let i = 0; i < INVITATION_USES_PER_IP; i++) expect((await accept()).statusCode).toBe(404);
    expect((await accept()).statusCode).toBe(429);
  });
});
