import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';

export const profileQueryKey = (userName: string) => ['account', userName, 'profile'] as const;

export const getProfile = (userName: string) => callApi('callProfile', { body: { user_id: userName } });

export const profileQueryOptions = (userName: string) =>
  queryOptions({ queryKey: profileQueryKey(userName), queryFn: () => getProfile(userName), enabled: userName !== '' });

export function useProfile() {
  return useQuery(profileQueryOptions(useUserName()));
}
