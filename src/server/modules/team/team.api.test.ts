import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds, queryRows } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_MAX_FAILURES } from '../auth/login-throttle';
import { activityOf, newAgenda, teamMember, tokenOf } from './team-test-helpers';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(dbKinds())('team on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => START });
  });
  afterAll(async () => {
    await t.close();
  });

  const activity = (businessId: string) => activityOf(t, businessId);

  it('lists members and open invitations in the contract’s shape', async () => {
    const boss = await owner(t);
    const chair = await newAgenda(boss, 'Stoel 1');
    const anna = await teamMember(t, boss, 'medewerker', { agendaIds: [chair], name: 'Anna' });
    const invited = (
      await boss.post('/api/team/invitations', { email: 'bram@example.nl', name: 'Bram', role: 'receptie' })
    ).json();
    const res = await boss.get('/api/team');
    expect(res.statusCode).toBe(200);
    const [first, second, third] = res.json();
    expect(first).toMatchObject({ id: boss.id, role: 'eigenaar', status: 'active', isSelf: true });
    expect(second).toEqual({
      id: anna.id,
      name: 'Anna',
      email: anna.email,
      role: 'medewerker',
      agendaIds: [chair],
      status: 'active',
      lastLoginAt: START.toISOString(),
      expiresAt: null,
      isSelf: false,
    });
    expect(third).toMatchObject({
      id: invited.id,
      name: 'Bram',
      email: 'bram@example.nl',
      role: 'receptie',
      agendaIds: [],
      status: 'invited',
      lastLoginAt: null,
    });
  });

  it('removing a member ends their sessions at once and removes the invitations they sent', async () => {
    const boss = await owner(t);
    const chef = await teamMember(t, boss, 'beheerder');
    const sent = (
      await chef.post('/api/team/invitations', {
        email: 'nieuw@example.nl',
        name: 'Nieuw',
        role: 'medewerker',
      })
    ).json();
    expect((await chef.get('/api/user')).statusCode).toBe(200);
    const res = await boss.delete(`/api/team/${chef.id}`);
    expect(res.statusCode).toBe(200);
    expect((await chef.get('/api/user')).statusCode).toBe(401);
    expect((await chef.get('/api/team')).statusCode).toBe(401);
    const left = await agent(t.app).get(`/api/public/invitations/${tokenOf(sent.inviteUrl)}`);
    expect(left.statusCode).toBe(404);
    const sessions = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from sessions where member_id = ${chef.id}`,
    );
    expect(sessions[0]!.n).toBe(0);
    const removed = (await activity(boss.id)).find((e) => e.kind === 'team.removed')!;
    expect(removed).toMatchObject({ member_id: boss.id, subject_id: chef.id, before: { role: 'beheerder' } });
    // Signing in again does not work either.
    const again = await agent(t.app).post('/api/login', { username: chef.username, password: 'geheim123' });
    expect(again.statusCode).toBe(401);
  });

  it('never removes or demotes the eigenaar, and nobody removes themselves', async () => {
    const boss = await owner(t);
    const chef = await teamMember(t, boss, 'beheerder');
    const removeOwner = await boss.delete(`/api/team/${boss.id}`);
    expect(removeOwner.statusCode).toBe(409);
    expect(removeOwner.json().message).toBe(nl.team.eigenaarFixed);
    const demote = await boss.patch(`/api/team/${boss.id}`, { role: 'beheerder' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().fields.role).toBe(nl.team.eigenaarFixed);
    // The eigenaar may still rename themselves.
    expect((await boss.patch(`/api/team/${boss.id}`, { name: 'De Baas' })).json().name).toBe('De Baas');
    expect((await chef.delete(`/api/team/${boss.id}`)).statusCode).toBe(409);
    expect((await chef.patch(`/api/team/${boss.id}`, { name: 'Overname' })).statusCode).toBe(403);
    expect((await chef.delete(`/api/team/${chef.id}`)).statusCode).toBe(409);
    const toOwner = await boss.patch(`/api/team/${chef.id}`, { role: 'eigenaar' });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().fields.role).toBe(nl.team.useMakeOwner);
  });

  it('a beheerder manages receptie and medewerkers, but changes no roles and leaves beheerders alone', async () => {
    const boss = await owner(t);
    const chair = await newAgenda(boss, 'Stoel');
    const chef = await teamMember(t, boss, 'beheerder');
    const other = await teamMember(t, boss, 'beheerder');
    const desk = await teamMember(t, chef, 'receptie');
    const worker = await teamMember(t, boss, 'medewerker', { name: 'Wil' });

    const inviteBeheerder = await chef.post('/api/team/invitations', {
      email: 'nog.een@example.nl',
      name: 'Nog een',
      role: 'beheerder',
    });
    expect(inviteBeheerder.statusCode).toBe(403);
    expect(inviteBeheerder.json()).toMatchObject({ code: 'FORBIDDEN', message: nl.team.mayNotGiveRole });
    expect((await chef.patch(`/api/team/${worker.id}`, { role: 'receptie' })).statusCode).toBe(403);
    expect((await chef.patch(`/api/team/${other.id}`, { name: 'Anders' })).statusCode).toBe(403);
    expect((await chef.delete(`/api/team/${other.id}`)).statusCode).toBe(403);
    expect((await chef.post(`/api/team/${worker.id}/make-owner`, { password: 'geheim123' })).statusCode).toBe(
      403,
    );
    expect((await chef.patch('/api/team/settings', { require2fa: true })).statusCode).toBe(403);

    const linked = await chef.patch(`/api/team/${worker.id}`, { agendaIds: [chair], name: 'Wim' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ agendaIds: [chair], name: 'Wim', role: 'medewerker' });
    expect((await worker.get('/api/user')).json().agendaIds).toEqual([chair]);
    expect((await chef.delete(`/api/team/${desk.id}`)).statusCode).toBe(200);

    // The eigenaar changes roles.
    const promoted = await boss.patch(`/api/team/${worker.id}`, { role: 'receptie' });
    expect(promoted.json().role).toBe('receptie');
    expect((await worker.get('/api/user')).json().role).toBe('receptie');

    const updates = (await activity(boss.id)).filter((e) => e.kind === 'team.updated');
    expect(updates.map((e) => [e.member_id, e.before, e.after])).toEqual([
      [chef.id, { name: 'Wil', agendaIds: [] }, { name: 'Wim', agendaIds: [chair] }],
      [boss.id, { role: 'medewerker' }, { role: 'receptie' }],
    ]);
    // The refused changes wrote nothing.
    const byChef = (await activity(boss.id)).filter(
      (e) => e.member_id === chef.id && e.kind !== 'team.joined',
    );
    expect(byChef.map((e) => e.kind)).toEqual(['team.invited', 'team.updated', 'team.removed']);
  });

  it('answers 404 for a member of another business and refuses another business’s agendas', async () => {
    const a = await owner(t);
    const b = await owner(t);
    const bWorker = await teamMember(t, b, 'medewerker');
    const foreign = await newAgenda(b, 'Elders');
    const aWorker = await teamMember(t, a, 'medewerker');
    expect((await a.patch(`/api/team/${bWorker.id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await a.delete(`/api/team/${bWorker.id}`)).statusCode).toBe(404);
    expect((await a.post(`/api/team/${bWorker.id}/make-owner`, { password: 'geheim123' })).statusCode).toBe(
      404,
    );
    const refused = await a.patch(`/api/team/${aWorker.id}`, { agendaIds: [foreign] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.agendaIds).toBe(nl.agendas.unknown);
    expect((await bWorker.get('/api/user')).json().name).not.toBe('X');
    // The refused agenda change wrote no entry.
    expect((await activity(a.id)).filter((e) => e.kind === 'team.updated')).toEqual([]);
  });

  it('hands the eigenaar’s role over with the password; the old eigenaar becomes beheerder', async () => {
    const boss = await owner(t);
    const heir = await teamMember(t, boss, 'medewerker');
    const wrong = await boss.post(`/api/team/${heir.id}/make-owner`, { password: 'fout' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe(nl.team.wrongPassword);
    expect((await heir.get('/api/user')).json().role).toBe('medewerker');

    const res = await boss.post(`/api/team/${heir.id}/make-owner`, { password: 'geheim123' });
    expect(res.statusCode).toBe(200);
    expect((await boss.get('/api/user')).json()).toMatchObject({ role: 'beheerder' });
    expect((await heir.get('/api/user')).json()).toMatchObject({ role: 'eigenaar' });
    const [business] = await queryRows<{ email: string }>(
      t.database,
      sql`select email from users where id = ${boss.id}`,
    );
    expect(business!.email).toBe(heir.email);
    const entry = (await activity(boss.id)).find((e) => e.kind === 'team.owner_changed')!;
    expect(entry).toMatchObject({ member_id: boss.id, subject_id: heir.id });
    // Now a beheerder: the former eigenaar no longer manages roles or beheerders.
    expect((await boss.post(`/api/team/${heir.id}/make-owner`, { password: 'geheim123' })).statusCode).toBe(
      403,
    );
    expect((await heir.delete(`/api/team/${boss.id}`)).statusCode).toBe(200);
  });

  it('counts wrong make-owner passwords with the login lockout', async () => {
    const boss = await owner(t);
    const heir = await teamMember(t, boss, 'receptie');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await boss.post(`/api/team/${heir.id}/make-owner`, { password: 'fout' })).statusCode).toBe(400);
    expect((await boss.post(`/api/team/${heir.id}/make-owner`, { password: 'geheim123' })).statusCode).toBe(
      429,
    );
    expect((await heir.get('/api/user')).json().role).toBe('receptie');
  });

  it('requires two-step sign-in of every member when the eigenaar switches it on', async () => {
    const boss = await owner(t);
    const worker = await teamMember(t, boss, 'medewerker');
    expect((await boss.get('/api/user')).json().requireTwoFactor).toBe(false);
    expect((await boss.patch('/api/team/settings', { require2fa: 'ja' })).statusCode).toBe(400);
    const on = await boss.patch('/api/team/settings', { require2fa: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ requireTwoFactor: true });
    expect((await boss.get('/api/user')).json()).toMatchObject({
      requireTwoFactor: true,
      twoFactorSetupRequired: true,
    });
    const blocked = await worker.get('/api/bookings');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const [entry] = (await activity(boss.id)).filter((e) => e.kind === 'team.settings_updated');
    expect(entry).toMatchObject({ before: { require2fa: false }, after: { require2fa: true } });
  });
});
