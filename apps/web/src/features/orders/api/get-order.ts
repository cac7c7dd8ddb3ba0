import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, failedWith } from '@/lib/call-api';
import { ordersKeys } from './query-keys';

/** The order-number format of the contract; anything else cannot be an order and is not asked for. */
export const isOrderNo = (value: string) => /^ORD-[A-Z0-9-]{6,40}$/.test(value);

export const getOrder = (orderNo: string, signal?: AbortSignal) => callApi('orderDetail', { query: { orderNo } }, { signal });

export const orderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: ordersKeys.detail(orderNo),
    queryFn: ({ signal }) => getOrder(orderNo, signal),
    enabled: isOrderNo(orderNo),
    retry: (failures, error) => !failedWith(error, 'NOT_FOUND') && !failedWith(error, 'FORBIDDEN') && failures < 1,
  });

export const useOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));
