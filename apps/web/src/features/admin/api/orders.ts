import type { CarrierId, OrderDetail } from '@parmeta/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopKeys } from '@/features/shop';
import { callApi, failedWith } from '@/lib/call-api';
import { orderListBody, type OrderFilter } from '../model/order-filter';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export const ordersQueryOptions = (filter: OrderFilter) => {
  const body = orderListBody(filter, ADMIN_PAGE_SIZE);
  return queryOptions({
    queryKey: adminKeys.orders(body),
    queryFn: ({ signal }) => callApi('adminOrders', { body }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useAdminOrders = (filter: OrderFilter) => useQuery(ordersQueryOptions(filter));

export const orderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: adminKeys.order(orderNo),
    queryFn: ({ signal }) => callApi('adminOrderDetail', { body: { orderNo } }, { signal }),
    enabled: orderNo.length >= 5,
    retry: (failures, error) => !failedWith(error, 'NOT_FOUND') && failures < 1,
  });

export const useAdminOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));

export type OrderAction = { action: 'ship'; orderNo: string; carrier: CarrierId; trackingNo: string } | { action: 'deliver' | 'cancel'; orderNo: string };

function runAction(input: OrderAction): Promise<OrderDetail> {
  switch (input.action) {
    case 'ship':
      return callApi('adminShipOrder', { body: { orderNo: input.orderNo, carrier: input.carrier, trackingNo: input.trackingNo } });
    case 'deliver':
      return callApi('adminDeliverOrder', { body: { orderNo: input.orderNo } });
    case 'cancel':
      return callApi('adminCancelOrder', { body: { orderNo: input.orderNo } });
  }
}

/** Ship, deliver or cancel: the order as it is afterwards replaces the cached one; lists and counts refresh. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSuccess: (order) => {
      queryClient.setQueryData(adminKeys.order(order.orderNo), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orderLists() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        // A cancellation puts stock back.
        queryClient.invalidateQueries({ queryKey: adminKeys.productLists() }),
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
      ]);
    },
  });
}
