import type { AdminProduct, Paged, ProductFields } from '@parmeta/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { shopKeys } from '@/features/shop';
import { callApi } from '@/lib/call-api';
import { findOne } from './find-one';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export const getProducts = (page: number, search: string, pageSize = ADMIN_PAGE_SIZE, signal?: AbortSignal) =>
  callApi('adminProducts', { body: { page, pageSize, search } }, { signal });

export const productsQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: adminKeys.products(page, search),
    queryFn: ({ signal }) => getProducts(page, search, ADMIN_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

export const useProducts = (page: number, search: string) => useQuery(productsQueryOptions(page, search));

/** A product the lists already loaded: the edit page opens at once from the table. */
function cachedProduct(queryClient: QueryClient, id: number): AdminProduct | undefined {
  for (const [, data] of queryClient.getQueriesData<Paged<AdminProduct>>({ queryKey: adminKeys.productLists() })) {
    const found = data?.items.find((p) => p.id === id);
    if (found) return found;
  }
  return queryClient.getQueryData<{ lowStock: AdminProduct[] }>(adminKeys.dashboard())?.lowStock.find((p) => p.id === id);
}

/** One product by id. Opens at once from a list's cached row, then reads the product itself. */
export function useProduct(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }) => findOne(() => callApi('adminProduct', { body: { id } }, { signal })),
    initialData: () => cachedProduct(queryClient, id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

/** After any catalog change: the admin lists and the dashboard, and what shoppers see. */
export function afterProductChange(queryClient: QueryClient, product: AdminProduct) {
  queryClient.setQueryData(adminKeys.product(product.id), product);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.productLists() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.categories() }),
    queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  ]);
}

export const createProduct = (body: ProductFields) => callApi('adminCreateProduct', { body });
export const updateProduct = (body: ProductFields & { id: number; expectedStock?: number }) => callApi('adminUpdateProduct', { body });
/** `expectedStock`: the count the admin saw; the server refuses the change if orders moved it meanwhile. */
export const setStock = (id: number, stock: number, expectedStock: number) => callApi('adminSetStock', { body: { id, stock, expectedStock } });

/** Create (no id) or update (with id) a product. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, expectedStock }: { id: number | null; body: ProductFields; expectedStock?: number }) => (id === null ? createProduct(body) : updateProduct({ ...body, id, ...(expectedStock === undefined ? {} : { expectedStock }) })),
    onSuccess: (product) => afterProductChange(queryClient, product),
  });
}

export function useSetStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stock, expectedStock }: { id: number; stock: number; expectedStock: number }) => setStock(id, stock, expectedStock),
    onSuccess: (product) => afterProductChange(queryClient, product),
  });
}
