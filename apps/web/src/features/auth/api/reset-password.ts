import { apiRoutes, type RouteInput } from '@parmeta/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { endSession } from './session';

/** Sets the new password. The API signs the account out everywhere, this browser included. */
export async function resetPassword(body: RouteInput<typeof apiRoutes.resetPassword>['body']) {
  const result = await apiClient.call(apiRoutes.resetPassword, { body });
  if (result.status) endSession();
  return result;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
