import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

/** Uses up the signature of a verification link. */
export const verifyEmail = (signature: string) => callRoute('verifyEmail', { body: { signature } });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
