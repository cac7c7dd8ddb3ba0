import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { adminKeys } from './keys';

export type CollectionBody = { slug: string; name: string; description: string };

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.collections(),
    queryFn: ({ signal }) => callApi('adminCollections', { body: {} }, { signal }),
  });

export const useCollections = () => useQuery(collectionsQueryOptions());

/** Create or edit a collection (the slug is the key). */
export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionBody) => callApi('adminSaveCollection', { body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.collections() }), queryClient.invalidateQueries({ queryKey: adminKeys.nftLists() })]),
  });
}
