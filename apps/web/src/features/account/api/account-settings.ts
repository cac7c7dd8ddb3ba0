import type { ChangeEmailBody, ChangePasswordBody } from '@parmeta/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signOut, userDetailQueryKey } from '@/features/auth';
import { callApi, callForMessage, useUserName } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';

export const accountStatusQueryKey = (userName: string) => ['account', userName, 'status'] as const;

/** The pending email change, and what stands in the way of closing the account. */
export function useAccountStatus() {
  const userName = useUserName();
  return useQuery(
    queryOptions({ queryKey: accountStatusQueryKey(userName), queryFn: ({ signal }) => callApi('accountStatus', {}, { signal }), enabled: userName !== '', staleTime: 0 }),
  );
}

/** Answers the server's message: it says what happens to the other devices. */
export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePasswordBody) => callForMessage('changePassword', { body }) });

export function useChangeEmail() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => callForMessage('changeEmail', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountStatusQueryKey(userName) }),
  });
}

/** Applies an email change from the link in the mail; works with or without a session on this device. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => callForMessage('confirmEmailChange', { body: { signature } }),
    onSuccess: ({ data }) => {
      const { user, setUser } = useSessionStore.getState();
      if (!user) return;
      setUser({ email: data.email });
      void queryClient.invalidateQueries({ queryKey: userDetailQueryKey(user.userName) });
      void queryClient.invalidateQueries({ queryKey: accountStatusQueryKey(user.userName) });
    },
  });
}

/** Closes the account; then this device forgets the session as a sign-out does. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: async (password: string) => {
      const result = await callForMessage('deleteAccount', { body: { password } });
      await signOut();
      return result;
    },
  });

/** Everything the shop holds about the member, saved as one JSON file. */
export const useExportData = () =>
  useMutation({
    mutationFn: async () => {
      const data = await callApi('exportData', {});
      const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(file);
      const link = Object.assign(document.createElement('a'), { href: url, download: `parmeta-data-${data.account.userName}-${data.exportedAt.slice(0, 10)}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      // After the browser has taken the file.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return data;
    },
  });
