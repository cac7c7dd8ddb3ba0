import type { PromoFields } from '@parmeta/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { ADMIN_PAGE_SIZE } from './keys';

const promoKeys = { all: ['admin', 'promos'] as const, page: (page: number) => ['admin', 'promos', page] as const };

export const usePromos = (page: number) =>
  useQuery({ queryKey: promoKeys.page(page), queryFn: ({ signal }) => callApi('adminPromos', { body: { page, pageSize: ADMIN_PAGE_SIZE } }, { signal }), placeholderData: keepPreviousData });

export function useCreatePromo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: PromoFields) => callApi('adminCreatePromo', { body }), onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }) });
}

export function useDisablePromo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => callApi('adminDisablePromo', { body: { id } }), onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }) });
}
