import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { ordersKeys } from './query-keys';

export const ORDERS_PAGE_SIZE = 10;

export const getOrders = (userName: string, page: number, signal?: AbortSignal) =>
  callApi('myOrders', { query: { userId: userName, page, pageSize: ORDERS_PAGE_SIZE } }, { signal });

export const ordersQueryOptions = (userName: string, page: number) =>
  queryOptions({
    queryKey: ordersKeys.list(userName, page),
    queryFn: ({ signal }) => getOrders(userName, page, signal),
    enabled: userName !== '',
    placeholderData: keepPreviousData,
  });

/** The signed-in user's orders, newest first, one page at a time. */
export function useOrders(page: number) {
  const userName = useSessionStore((s) => s.user?.userName ?? '');
  return useQuery(ordersQueryOptions(userName, page));
}
