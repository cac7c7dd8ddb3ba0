import { type Address } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressValues } from '../model/address';
import { callApi, useUserName } from '@/lib/call-api';
import { invalidateAddresses } from './get-addresses';

export interface AddAddressInput {
  values: AddressValues;
  /** Make it the main address (the first address is the main one whatever this says). */
  isMain?: boolean;
}

export const addAddress = (userName: string, { values, isMain }: AddAddressInput): Promise<Address> =>
  callApi('addAddress', { body: { ...values, user_id: userName, ...(isMain ? { isMain: true } : {}) } });

export function useAddAddress() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddAddressInput) => addAddress(userName, input),
    onSuccess: () => invalidateAddresses(queryClient, userName),
  });
}
