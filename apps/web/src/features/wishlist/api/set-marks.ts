import type { ShopMarks } from '@parmeta/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callForMessage } from '@/lib/call-api';
import { wishlistKeys } from './query-keys';

type Key = keyof ShopMarks;

/** A mark to set or clear: a product's heart or request, or (with `variantId`) a variant's request. */
interface Mark {
  productId: number;
  variantId?: number | undefined;
  on: boolean;
}

/** The marks with the id set or cleared in `key`, shown at once; the answer (or a failure) puts the truth back. */
function toggleLocally(queryClient: QueryClient, key: Key, markId: number, on: boolean) {
  queryClient.setQueryData<ShopMarks>(wishlistKeys.marks(), (m) => {
    const base = m ?? { wished: [], alerts: [], variantAlerts: [] };
    const rest = base[key].filter((id) => id !== markId);
    return { ...base, [key]: on ? [markId, ...rest] : rest };
  });
}

function useMarkMutation(keyOf: (mark: Mark) => [Key, number], send: (mark: Mark) => Promise<{ msg: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (mark: Mark) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.marks() });
      toggleLocally(queryClient, ...keyOf(mark), mark.on);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}

/** The heart: on or off the wishlist. */
export const useSetWished = () => useMarkMutation(({ productId }) => ['wished', productId], ({ productId, on }) => callForMessage('setWished', { body: { productId, wished: on } }));

/** "Tell me when it's back", or withdrawing it: for the product, or one variant of it. */
export const useSetStockAlert = () =>
  useMarkMutation(
    ({ productId, variantId }) => (variantId === undefined ? ['alerts', productId] : ['variantAlerts', variantId]),
    ({ productId, variantId, on }) => callForMessage('setStockAlert', { body: { productId, ...(variantId === undefined ? {} : { variantId }), wanted: on } }),
  );
