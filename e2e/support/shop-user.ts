/** A shopper's set-up through the API (the user itself comes from createVerifiedUser): a main address, an order. */

import type { TestUser } from './accounts.js';
import { apiCall } from './api.js';

export const MAIN_ADDRESS = {
  recipientName: 'Sam Shopper',
  contactPhone: '+66812345678',
  address1: '99 Sukhumvit Road',
  address2: 'Floor 12',
  district: 'Khlong Toei',
  subDistrict: 'Khlong Tan',
  state: 'Bangkok',
  zip: '10110',
  country: { value: 'TH' },
} as const;

/** Saves the shopper's first address, which becomes the main one. */
export async function addMainAddress(baseUrl: string, shopper: TestUser, token: string): Promise<void> {
  await apiCall(baseUrl, '/user/add_user_address', { token, body: { ...MAIN_ADDRESS, user_id: shopper.userName } });
}

/** Places an order through the API, as another shopper would in another browser. */
export async function placeOrder(baseUrl: string, shopper: TestUser, token: string, list: { id: number; qty: number }[]): Promise<{ orderNo: string }> {
  const shipping = {
    shipping_name: shopper.fullName,
    shipping_email: shopper.email,
    shipping_contact: MAIN_ADDRESS.contactPhone,
    shipping_address1: MAIN_ADDRESS.address1,
    shipping_address2: '',
    shipping_district: MAIN_ADDRESS.district,
    shipping_subDistrict: MAIN_ADDRESS.subDistrict,
    shipping_state: MAIN_ADDRESS.state,
    shipping_zip: MAIN_ADDRESS.zip,
    shipping_country: { value: 'TH', label: 'Thailand' },
  };
  return apiCall(baseUrl, '/ecommerce/CreateEcomOrder', { token, body: { list, shipping, note: '' } });
}
