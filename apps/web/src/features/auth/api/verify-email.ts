import { apiRoutes } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Uses up the signature of a verification link. */
export const verifyEmail = (signature: string) => apiClient.call(apiRoutes.verifyEmail, { body: { signature } });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
