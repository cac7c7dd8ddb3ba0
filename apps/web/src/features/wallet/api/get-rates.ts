import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { walletKeys } from './keys';

/** Conversion rate, minimum and limits: configuration, so fetched once per visit. */
export function useRates() {
  return useQuery({ queryKey: walletKeys.rates, queryFn: ({ signal }) => callApi('walletRates', {}, { signal }), staleTime: Infinity });
}
