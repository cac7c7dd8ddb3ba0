import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** Subtotal, member discount, shipping and total of an order, as the server prices it. */
export const orderPriceQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: ['checkout', 'price', orderNo] as const,
    queryFn: ({ signal }) => callApi('priceOrder', { query: { orderNo } }, { signal }),
    enabled: orderNo !== '',
  });

export const useOrderPrice = (orderNo: string) => useQuery(orderPriceQueryOptions(orderNo));
