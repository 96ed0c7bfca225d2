import type { QueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@contracts/customers';
import { bookingsQueryKey, customersQueryKey } from '@web/lib/query-keys';
import { customerQueryKey } from './get-customer';

/**
 * A changed customer moves the list, the follow-ups and the card; the server answers the card, which
 * is put in place at once. A merge or an edit also changes the bookings that point at the customer.
 */
export async function refreshCustomerData(queryClient: QueryClient, card?: CustomerDetail) {
  if (card) queryClient.setQueryData(customerQueryKey(card.id), card);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customersQueryKey }),
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  ]);
}
