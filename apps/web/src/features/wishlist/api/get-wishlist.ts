import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { wishlistKeys } from './query-keys';

export const wishlistQueryOptions = () => queryOptions({ queryKey: wishlistKeys.list(), queryFn: ({ signal }) => callApi('wishlist', {}, { signal }) });

export const useWishlist = () => useQuery(wishlistQueryOptions());
