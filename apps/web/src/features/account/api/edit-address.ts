import { type Address } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressValues } from '../model/address';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateAddresses } from './get-addresses';

export interface EditAddressInput {
  addressId: number;
  values: AddressValues;
}

export const editAddress = (userName: string, { addressId, values }: EditAddressInput): Promise<Address> =>
  callApi('editAddress', { body: { ...values, address_id: addressId, user_id: userName } });

export function useEditAddress() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditAddressInput) => editAddress(userName, input),
    onSuccess: () => invalidateAddresses(queryClient, userName),
  });
}
