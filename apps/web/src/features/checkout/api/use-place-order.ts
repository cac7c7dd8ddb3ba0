import type { CreateOrderBody, OrderDetail } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOrder, ordersKeys } from '@/features/orders';
import { shopKeys } from '@/features/shop';
import { failedWith, isApiFailure } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { createOrder, updateOrder } from './create-order';
import { useIdempotencyKey } from './idempotency';

interface PlaceInput {
  body: CreateOrderBody;
  /** The pending order placed earlier from this very cart: only its shipping and note change. */
  current: OrderDetail | null;
  /** A pending order placed from an earlier cart: it is cancelled (its stock released) and replaced. */
  stale: OrderDetail | null;
}

/**
 * "Continue to payment": the order is created now (priced by the server, stock reserved),
 * so the payment step shows the server's prices and cannot oversell.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: async ({ body, current: placed, stale: earlier }: PlaceInput) => {
      // A different promo code (or none now) is a different price: the order is placed again.
      const sameCode = (placed?.price.promo?.code ?? undefined) === (body.promoCode ?? undefined);
      const current = placed && sameCode ? placed : null;
      const stale = earlier ?? (placed && !sameCode ? placed : null);
      if (current) return updateOrder(current.orderNo, { shipping: body.shipping, note: body.note ?? '' });
      if (stale) {
        const cancelled = await cancelOrder(stale.orderNo).catch(() => null);
        if (cancelled) queryClient.setQueryData(ordersKeys.detail(cancelled.orderNo), cancelled);
        useSessionStore.getState().setOrderNo('');
      }
      return createOrder(body, idempotency.keyFor(body));
    },
    onSuccess: async (order) => {
      idempotency.settle();
      queryClient.setQueryData(ordersKeys.detail(order.orderNo), order);
      useSessionStore.getState().setOrderNo(order.orderNo);
      await Promise.all([queryClient.invalidateQueries({ queryKey: shopKeys.all }), queryClient.invalidateQueries({ queryKey: ordersKeys.all, predicate: (q) => q.queryKey[1] === 'list' })]);
    },
    onError: async (error) => {
      // A clear refusal ends the attempt; after a dropped connection the retry keeps the key.
      if (isApiFailure(error) && error.code !== 'NETWORK') idempotency.settle();
      // The stock moved under the cart: show the cart the new numbers.
      if (failedWith(error, 'OUT_OF_STOCK') || failedWith(error, 'BUSINESS_RULE')) await queryClient.invalidateQueries({ queryKey: shopKeys.all });
    },
  });
}
