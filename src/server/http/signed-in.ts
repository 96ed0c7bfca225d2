import type { MemberRow, UserRow } from '../db/schema';

/**
 * Who is behind a request (docs/PRODUCT.md#team): `user` is the business's row, which every owner
 * table belongs to (services keep taking it as "the owner"); `member` is the login acting, with the
 * agendas linked to it.
 */
export interface SignedIn {
  user: UserRow;
  member: MemberRow & { agendaIds: string[] };
}
