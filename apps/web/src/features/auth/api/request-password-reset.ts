import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

/** Mails a reset link; the answer is the same whether or not the account exists. */
export const requestPasswordReset = (email: string) => callRoute('sendResetPassword', { query: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
