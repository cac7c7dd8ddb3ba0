import type { SaveVariantsBody } from '@parmeta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopKeys } from '@/features/shop';
import { callApi } from '@/lib/call-api';
import { adminKeys } from './keys';

const variantsKey = (productId: number) => [...adminKeys.product(productId), 'variants'] as const;

/** POST /admin/products/variants: the product's options and variants. */
export const useProductVariants = (productId: number) =>
  useQuery({ queryKey: variantsKey(productId), queryFn: ({ signal }) => callApi('adminProductVariants', { body: { productId } }, { signal }), enabled: productId > 0 });

/** Saves the whole set; the product's price range and stock follow it, so the product and the shop are read again. */
export function useSaveVariants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveVariantsBody) => callApi('adminSaveVariants', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(variantsKey(saved.productId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.product(saved.productId), exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.productLists() }),
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
      ]);
    },
  });
}
