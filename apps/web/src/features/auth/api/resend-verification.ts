import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

/** The answer is the same whether or not the account exists. */
export const resendVerification = (email: string) => callRoute('resendVerify', { query: { email } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
