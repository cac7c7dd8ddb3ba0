import { apiRoutes } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The answer is the same whether or not the account exists. */
export const resendVerification = (email: string) => apiClient.call(apiRoutes.resendVerify, { query: { email } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
