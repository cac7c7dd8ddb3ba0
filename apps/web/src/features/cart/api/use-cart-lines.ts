import { useQueries } from '@tanstack/react-query';
import { lineLimit, productQueryOptions } from '@/features/shop';
import { failedWith } from '@/lib/call-api';
import { parseCartLineKey } from '@/lib/cart-key';
import { useSessionStore } from '@/lib/session-store';
import { cartLineView, type CartLineView } from '../model/cart-lines';

/**
 * The cart holds only ids and quantities (the original's shape). What a line shows (name,
 * image, price, stock) comes from the product details, cached per product, so the
 * product page and the cart share one request and both show the same stock.
 * `maxPerLine` is MAX_LINE_QTY, passed by the page (see shop's cart-limit for why).
 */
export function useCartLines(maxPerLine: number): { lines: CartLineView[]; refetch(): void } {
  const list = useSessionStore((s) => s.cart.list);
  const results = useQueries({ queries: list.map((line) => productQueryOptions(parseCartLineKey(line.id)?.productId ?? 0)) });
  const lines = list.map((line, i) => {
    const result = results[i];
    return cartLineView(
      line,
      {
        data: result?.data,
        isPending: result?.isPending ?? true,
        error: result?.error ?? null,
        missing: failedWith(result?.error, 'NOT_FOUND') || failedWith(result?.error, 'BAD_REQUEST'),
      },
      (stock) => lineLimit(stock, maxPerLine),
    );
  });
  const refetch = () => {
    for (const result of results) if (result.isError) void result.refetch();
  };
  return { lines, refetch };
}
