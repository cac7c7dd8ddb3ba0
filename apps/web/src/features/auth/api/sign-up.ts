import type { SignUpBody } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export const signUp = (body: SignUpBody) => callRoute('signUp', { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
