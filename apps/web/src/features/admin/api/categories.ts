import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopKeys } from '@/features/shop';
import { callApi } from '@/lib/call-api';
import { adminKeys } from './keys';

export type CategoryBody = { slug: string; name: string; position: number };

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => callApi('adminCategories', { body: {} }, { signal }),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());

/** Create or rename a category (the slug is the key). */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryBody) => callApi('adminSaveCategory', { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.categories() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.productLists() }),
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
      ]),
  });
}
