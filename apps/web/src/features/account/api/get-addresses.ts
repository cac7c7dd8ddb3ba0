import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { userDetailQueryKey } from '@/features/auth';
import { callApi, useUserName } from '@/lib/call-api';

/** The address book; every address query key starts with it, so one invalidation refreshes them all. */
export const addressesQueryKey = (userName: string) => ['account', userName, 'addresses'] as const;

export const getAddresses = (userName: string) => callApi('listAddresses', { body: { user_id: userName } });

export const addressesQueryOptions = (userName: string) =>
  queryOptions({ queryKey: addressesQueryKey(userName), queryFn: () => getAddresses(userName), enabled: userName !== '' });

/** Saved addresses, main first. */
export function useAddresses() {
  return useQuery(addressesQueryOptions(useUserName()));
}

/** After an address changes: the address book (main address included) and the user detail (the auth feature's query), which lists them too. */
export const invalidateAddresses = (queryClient: QueryClient, userName: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: addressesQueryKey(userName) }),
    queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userName) }),
  ]);
