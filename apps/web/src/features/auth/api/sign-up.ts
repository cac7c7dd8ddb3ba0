import { apiRoutes, type SignUpBody } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const signUp = (body: SignUpBody) => apiClient.call(apiRoutes.signUp, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
