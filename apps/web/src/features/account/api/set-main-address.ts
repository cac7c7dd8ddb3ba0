import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateAddresses } from './get-addresses';

export const setMainAddress = (userName: string, addressId: number) =>
  callApi('changeMainAddress', { body: { user_id: userName, address_id: addressId } });

export function useSetMainAddress() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => setMainAddress(userName, addressId),
    onSuccess: () => invalidateAddresses(queryClient, userName),
  });
}
