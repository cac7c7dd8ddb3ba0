import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => callApi('adminAudit', { body: { page, pageSize: ADMIN_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: number) => useQuery(auditQueryOptions(page));
