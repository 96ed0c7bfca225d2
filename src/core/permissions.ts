/**
 * Who in a business may do what (docs/PRODUCT.md#team). Four fixed roles, no free-form permissions:
 * the server refuses an action a member's role lacks (403), and the web offers only the actions
 * `GET /api/user` lists for the member, which come from this table, so neither side re-implements it.
 */

/** The roles a member of a business can have; exactly one `eigenaar` per business. */
export const MEMBER_ROLES = ['eigenaar', 'beheerder', 'receptie', 'medewerker'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles an invitation may give: the eigenaar is made by registering or by handing the role over. */
export const INVITABLE_ROLES = ['beheerder', 'receptie', 'medewerker'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * The actions a route or a screen can require. `signedIn` is what every member may do (their own
 * profile, password and two-step sign-in, the bookings of the agendas they may see).
 */
export const MEMBER_ACTIONS = [
  'signedIn',
  /** Bookings of every agenda, not only the member's own. */
  'bookings.allAgendas',
  /** Bookings the business writes down itself (a phone call, a walk-in). */
  'bookings.manual',
  /** Removing a booking for good (cancelling is `signedIn`). */
  'bookings.delete',
  /** The customers' e-mail addresses and phone numbers, and adding or editing a customer. */
  'customers.contact',
  /**
   * Every customer of the business, merging two, blocking one, and the customer import. Without it a
   * member sees the customers who have a booking in their own agendas (and their notes).
   */
  'customers.manage',
  /**
   * The services as they are (read only): to book one by hand, and to move or edit a booking within
   * its service's rules.
   */
  'services.read',
  /** Services, categories, templates, e-mail templates, agendas, closures: the business's set-up. */
  'services.manage',
  /** Revenue, the statistics and the dashboard's figures. */
  'insights',
  /** The bookings export and a customer's data export or erasure. */
  'export',
  /** Instellingen: the business profile, e-mail, Google, the calendar feed, retention, webhooks. */
  'settings',
  /** The card-payment keys and the refund rule. */
  'paymentKeys',
  /** The team: members, invitations, linked agendas. */
  'team',
  /** Members' roles, handing over the eigenaar's role, requiring two-step sign-in. */
  'team.roles',
  /** The activity log of the business. */
  'activity',
  /** Deleting the business's account with everything in it. */
  'account.delete',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

const MANAGER_ACTIONS: readonly MemberAction[] = MEMBER_ACTIONS.filter(
  (action) => action !== 'team.roles' && action !== 'paymentKeys' && action !== 'account.delete',
);

const ROLE_ACTIONS: Record<MemberRole, readonly MemberAction[]> = {
  eigenaar: MEMBER_ACTIONS,
  beheerder: MANAGER_ACTIONS,
  receptie: [
    'signedIn',
    'bookings.allAgendas',
    'bookings.manual',
    'customers.contact',
    'customers.manage',
    'services.read',
  ],
  medewerker: ['signedIn', 'services.read'],
};

/** Whether a member with this role may do the action. */
export function can(role: MemberRole, action: MemberAction): boolean {
  return ROLE_ACTIONS[role].includes(action);
}

/** Every action the role may do, in the order of MEMBER_ACTIONS (what `GET /api/user` answers). */
export function allowedActions(role: MemberRole): MemberAction[] {
  return MEMBER_ACTIONS.filter((action) => can(role, action));
}

/**
 * Whether a member may act on a booking of this agenda: every agenda with `bookings.allAgendas`,
 * otherwise only the agendas linked to the member. A booking they may not see is answered as if it
 * did not exist (404), as one of another business is.
 */
export function seesAgenda(role: MemberRole, memberAgendaIds: readonly string[], agendaId: string): boolean {
  return can(role, 'bookings.allAgendas') || memberAgendaIds.includes(agendaId);
}

/**
 * Whether `actor` may give `target` a role, change them or remove them: only the eigenaar touches
 * roles and the beheerders; a beheerder manages receptie and medewerkers; nobody changes the eigenaar
 * except by handing the role over.
 */
export function mayManageMember(actor: MemberRole, target: MemberRole): boolean {
  if (target === 'eigenaar') return false;
  if (actor === 'eigenaar') return true;
  return can(actor, 'team') && target !== 'beheerder';
}
