import { apiRoutes } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Mails a reset link; the answer is the same whether or not the account exists. */
export const requestPasswordReset = (email: string) => apiClient.call(apiRoutes.sendResetPassword, { query: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
