import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  can,
  INVITABLE_ROLES,
  MEMBER_ACTIONS,
  MEMBER_ROLES,
  mayManageMember,
  seesAgenda,
  type MemberAction,
} from './permissions';

describe('the four roles', () => {
  it('gives the eigenaar every action', () => {
    expect(allowedActions('eigenaar')).toEqual([...MEMBER_ACTIONS]);
  });

  it('gives the beheerder everything but roles, payment keys and account deletion', () => {
    const withheld: MemberAction[] = ['team.roles', 'paymentKeys', 'account.delete'];
    for (const action of MEMBER_ACTIONS) expect(can('beheerder', action)).toBe(!withheld.includes(action));
  });

  it('gives receptie the bookings of every agenda, bookings by hand and every customer only', () => {
    expect(allowedActions('receptie')).toEqual([
      'signedIn',
      'bookings.allAgendas',
      'bookings.manual',
      'customers.contact',
      'customers.manage',
      'services.read',
    ]);
    for (const action of [
      'insights',
      'export',
      'settings',
      'services.manage',
      'paymentKeys',
      'team',
    ] as const)
      expect(can('receptie', action)).toBe(false);
  });

  it('gives the medewerker their own agendas only: no revenue, export, settings, services or team', () => {
    // Reading the services is what moving a booking within its service's rules needs.
    expect(allowedActions('medewerker')).toEqual(['signedIn', 'services.read']);
  });

  it('lets every role do what every member may do', () => {
    for (const role of MEMBER_ROLES) expect(can(role, 'signedIn')).toBe(true);
  });
});

describe('seesAgenda', () => {
  it('shows every agenda to roles with all agendas, and a medewerker their linked ones', () => {
    expect(seesAgenda('receptie', [], 'a1')).toBe(true);
    expect(seesAgenda('medewerker', ['a1'], 'a1')).toBe(true);
    expect(seesAgenda('medewerker', ['a1'], 'a2')).toBe(false);
    expect(seesAgenda('medewerker', [], 'a1')).toBe(false);
  });
});

describe('mayManageMember', () => {
  it('never lets anyone change the eigenaar', () => {
    for (const role of MEMBER_ROLES) expect(mayManageMember(role, 'eigenaar')).toBe(false);
  });

  it('lets the eigenaar manage every invitable role, a beheerder receptie and medewerkers only', () => {
    for (const target of INVITABLE_ROLES) expect(mayManageMember('eigenaar', target)).toBe(true);
    expect(mayManageMember('beheerder', 'beheerder')).toBe(false);
    expect(mayManageMember('beheerder', 'receptie')).toBe(true);
    expect(mayManageMember('beheerder', 'medewerker')).toBe(true);
    expect(mayManageMember('receptie', 'medewerker')).toBe(false);
    expect(mayManageMember('medewerker', 'medewerker')).toBe(false);
  });
});
