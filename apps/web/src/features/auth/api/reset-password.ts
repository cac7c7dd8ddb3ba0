import type { RouteInput } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import type { Routes } from '@/lib/api-routes';
import { endSession } from './session';

/** Sets the new password. The API signs the account out everywhere, this browser included. */
export async function resetPassword(body: RouteInput<Routes['resetPassword']>['body']) {
  const result = await callRoute('resetPassword', { body });
  if (result.status) endSession();
  return result;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
