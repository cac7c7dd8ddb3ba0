import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callForMessage, useUserName } from '@/lib/call-api';
import { securityKeys } from './keys';

export function useTwoFactorStatus() {
  const userName = useUserName();
  return useQuery({ queryKey: securityKeys.twoFactor(userName), queryFn: ({ signal }) => callApi('twoFactorStatus', { body: {} }, { signal }), enabled: userName !== '' });
}

/** A new secret and its QR code, shown once; nothing changes until a first code confirms it. */
export const useTwoFactorSetup = () => useMutation({ mutationFn: () => callApi('twoFactorSetup', { body: {} }) });

/** A change confirmed with a current code; the status is refetched after it. */
function useTwoFactorChange<T>(send: (code: string) => Promise<T>) {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor(userName) }) });
}

export const useEnableTwoFactor = () => useTwoFactorChange((code) => callForMessage('twoFactorEnable', { body: { code } }));
export const useDisableTwoFactor = () => useTwoFactorChange((code) => callForMessage('twoFactorDisable', { body: { code } }));
export const useRenewRecoveryCodes = () => useTwoFactorChange((code) => callForMessage('recoveryCodesRenew', { body: { code } }));
