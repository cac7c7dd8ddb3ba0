import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateAddresses } from './get-addresses';

export const deleteAddress = (userName: string, addressId: number) =>
  callApi('deleteAddress', { body: { user_id: userName, address_id: addressId } });

/** Deleting the main address makes the server promote another one: the whole book is refetched. */
export function useDeleteAddress() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => deleteAddress(userName, addressId),
    onSuccess: () => invalidateAddresses(queryClient, userName),
  });
}
