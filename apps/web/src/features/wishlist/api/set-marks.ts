import type { ShopMarks } from '@parmeta/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callForMessage } from '@/lib/call-api';
import { wishlistKeys } from './query-keys';

type Key = keyof ShopMarks;

/** The marks with `productId` set or cleared in `key`, shown at once; the answer (or a failure) puts the truth back. */
function toggleLocally(queryClient: QueryClient, key: Key, productId: number, on: boolean) {
  queryClient.setQueryData<ShopMarks>(wishlistKeys.marks(), (m) => {
    const base = m ?? { wished: [], alerts: [] };
    const rest = base[key].filter((id) => id !== productId);
    return { ...base, [key]: on ? [productId, ...rest] : rest };
  });
}

function useMarkMutation(key: Key, send: (productId: number, on: boolean) => Promise<{ msg: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, on }: { productId: number; on: boolean }) => send(productId, on),
    onMutate: async ({ productId, on }) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.marks() });
      toggleLocally(queryClient, key, productId, on);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}

/** The heart: on or off the wishlist. */
export const useSetWished = () => useMarkMutation('wished', (productId, on) => callForMessage('setWished', { body: { productId, wished: on } }));

/** "Tell me when it's back", or withdrawing it. */
export const useSetStockAlert = () => useMarkMutation('alerts', (productId, on) => callForMessage('setStockAlert', { body: { productId, wanted: on } }));
