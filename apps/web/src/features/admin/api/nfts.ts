import type { AdminNft, NftFields, Paged } from '@parmeta/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { findOne } from './find-one';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export const getNfts = (page: number, search: string, pageSize = ADMIN_PAGE_SIZE, signal?: AbortSignal) =>
  callApi('adminNfts', { body: { page, pageSize, search } }, { signal });

export const nftsQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: adminKeys.nfts(page, search),
    queryFn: ({ signal }) => getNfts(page, search, ADMIN_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

export const useNfts = (page: number, search: string) => useQuery(nftsQueryOptions(page, search));

function cachedNft(queryClient: QueryClient, id: number): AdminNft | undefined {
  for (const [, data] of queryClient.getQueriesData<Paged<AdminNft>>({ queryKey: adminKeys.nftLists() })) {
    const found = data?.items.find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One NFT by id. Opens at once from a list's cached row, then reads the NFT itself. */
export function useNft(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.nft(id),
    queryFn: ({ signal }) => findOne(() => callApi('adminNft', { body: { id } }, { signal })),
    initialData: () => cachedNft(queryClient, id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

/** Mint (no id) or edit (with id) an NFT. */
export function useSaveNft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NftFields }) =>
      id === null ? callApi('adminMintNft', { body }) : callApi('adminUpdateNft', { body: { ...body, id } }),
    onSuccess: (nft) => {
      queryClient.setQueryData(adminKeys.nft(nft.id), nft);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.nftLists() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.collections() }),
      ]);
    },
  });
}
