import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { addressesQueryKey } from './get-addresses';

export const mainAddressQueryKey = (userName: string) => [...addressesQueryKey(userName), 'main'] as const;

export const getMainAddress = (userName: string) => callApi('selectMainAddress', { body: { user_id: userName } });

export const mainAddressQueryOptions = (userName: string) =>
  queryOptions({ queryKey: mainAddressQueryKey(userName), queryFn: () => getMainAddress(userName), enabled: userName !== '' });

/** The main address (null when there is none), e.g. to fill the checkout's shipping form. */
export function useMainAddress() {
  return useQuery(mainAddressQueryOptions(useUserName()));
}
