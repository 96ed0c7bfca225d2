import type { PublicUser } from '@contracts/auth';
import { useUser } from '../api/get-user';

/** The signed-in owner. Only for components below the owner route guard, which renders them only with a user. */
export function useCurrentUser(): PublicUser {
  const { data } = useUser();
  if (!data) throw new Error('useCurrentUser() used outside the signed-in area');
  return data;
}
