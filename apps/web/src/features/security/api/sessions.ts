import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callForMessage, useUserName } from '@/lib/call-api';
import { securityKeys } from './keys';

/** The member's signed-in devices, this one marked. */
export function useSessions() {
  const userName = useUserName();
  return useQuery({ queryKey: securityKeys.sessions(userName), queryFn: ({ signal }) => callApi('sessions', { body: {} }, { signal }), enabled: userName !== '' });
}

export function useEndSession() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callForMessage('endSession', { body: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(userName) }),
  });
}

export function useEndOtherSessions() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callForMessage('endOtherSessions', { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(userName) }),
  });
}
