import { MAX_LINE_QTY } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CartArrival } from '@/features/cart';
import { callApi } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { describeBuyAgain, planBuyAgain } from '../model/buy-again';

/** POST /ecommerce/ReorderItems: the order's products as the shop has them now. */
export const getReorderItems = (orderNo: string) => callApi('reorderItems', { query: { orderNo } });

/**
 * Buy again: the order's products go back into the cart (the browser's, as every cart change),
 * as far as the stock allows, and the cart opens saying what was added and what was not.
 */
export function useBuyAgain() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: getReorderItems,
    onSuccess: async (items, orderNo) => {
      const store = useSessionStore.getState();
      const plan = planBuyAgain(items, store.cart.list, MAX_LINE_QTY);
      for (const line of plan) {
        if (line.added === 0) continue;
        const inCart = useSessionStore.getState().cart.list.find((l) => l.id === line.id)?.qty ?? 0;
        store.setCartQty(line.id, inCart + line.added);
      }
      const { added, notes } = describeBuyAgain(plan);
      const notice = added === 0 ? `Nothing from order ${orderNo} could be added to your cart.` : `${added} ${added === 1 ? 'item' : 'items'} from order ${orderNo} ${added === 1 ? 'is' : 'are'} in your cart.`;
      await navigate('/cart', { state: { notice, notes } satisfies CartArrival });
    },
  });
}
