import type { OrderDetail } from '@parmeta/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userDetailQueryKey } from '@/features/auth';
import { shopKeys } from '@/features/shop';
import { callApi } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { ordersKeys } from './query-keys';

export const cancelOrder = (orderNo: string) => callApi('cancelOrder', { query: { orderNo } });

/**
 * After an order changes state: the order itself, the order list, the stock it held or
 * released, and the balances a payment or refund moved.
 */
export function afterOrderChange(queryClient: QueryClient, order: OrderDetail) {
  queryClient.setQueryData(ordersKeys.detail(order.orderNo), order);
  const userName = useSessionStore.getState().user?.userName ?? '';
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ordersKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== order.orderNo }),
    queryClient.invalidateQueries({ queryKey: shopKeys.all }),
    userName ? queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userName) }) : undefined,
  ]);
}

/** Cancel a pending or paid order: the stock goes back and a payment is refunded to where it came from. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (order) => {
      // The checkout must not try to pay an order that is gone.
      const store = useSessionStore.getState();
      if (store.cart.orderNo === order.orderNo) store.setOrderNo('');
      await afterOrderChange(queryClient, order);
    },
  });
}
