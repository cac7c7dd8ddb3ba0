import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useIsSignedIn, useSessionStore } from '@/lib/session-store';
import type { CartChange } from '../model/cart-changes';

export const serverCartQueryKey = (userName: string) => ['cart', userName, 'server'] as const;

export const getServerCart = (signal?: AbortSignal) => callApi('getCart', {}, { signal });

export const updateServerCart = (list: CartChange[]) => callApi('updateCart', { body: { list } });

export const serverCartQueryOptions = (userName: string) =>
  queryOptions({ queryKey: serverCartQueryKey(userName), queryFn: ({ signal }) => getServerCart(signal), enabled: userName !== '' });

/** The cart as the server keeps it (the sync writes the answers here too), with the shop's free-shipping rule. */
export function useServerCart() {
  const userName = useSessionStore((s) => s.user?.userName ?? '');
  const signedIn = useIsSignedIn();
  return useQuery({ ...serverCartQueryOptions(userName), enabled: signedIn && userName !== '' });
}
