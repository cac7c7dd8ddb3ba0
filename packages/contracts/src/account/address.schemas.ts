import { z } from '../zod.js';
import { idNumber } from '../common/number-input.js';
import { countrySchema } from '../common/countries.js';
import { cleanAddressParts, countryAddressRule } from '../common/address-format.js';
import { defineRoute } from '../routes.js';
import { userIdBody } from '../common/user-id.js';
import { e164Schema } from './profile.schemas.js';
import { ADDRESS_LABEL_MAX } from './address-limits.js';

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).default('');

const ADDRESS_NAMES = { subDistrict: 'subDistrict', district: 'district', state: 'state', zip: 'zip', country: 'country' } as const;
const always = { when: () => true };

/** The address form's fields; which parts are required depends on the country (see addressFields). */
export const addressParts = z.object({
  label: z
    .string()
    .trim()
    .max(ADDRESS_LABEL_MAX, `must be at most ${ADDRESS_LABEL_MAX} characters`)
    .default('')
    .transform((label) => label || 'Home'),
  recipientName: text(100),
  contactPhone: e164Schema,
  address1: text(200),
  address2: optionalText(200),
  district: optionalText(100),
  subDistrict: optionalText(100),
  state: optionalText(100),
  zip: optionalText(10),
  country: countrySchema,
});

/** Checked by the country's rules; the parts it does not use are dropped and the postcode is written its way. */
export const withAddressRules = <S extends z.ZodType<z.output<typeof addressParts>>>(schema: S) =>
  schema
    .superRefine(countryAddressRule<z.output<typeof addressParts>>(ADDRESS_NAMES), always)
    .transform((a: z.output<S>) => ({ ...a, ...cleanAddressParts({ ...a, country: a.country.value }), country: a.country }));

/** The address form: the same fields in the account area and at checkout. */
export const addressFields = withAddressRules(addressParts);
export type AddressFields = z.input<typeof addressFields>;

export const addressIdSchema = idNumber('must be a positive whole number');

export const address = z.object({
  address_id: z.number(),
  /** Home, Office or the member's own word: how the address is named wherever it is shown. */
  label: z.string(),
  user_id: z.string(),
  recipientName: z.string(),
  contactPhone: z.string(),
  address1: z.string(),
  address2: z.string(),
  district: z.string(),
  subDistrict: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.object({ value: z.string(), label: z.string() }),
  isMain: z.boolean(),
});
export type Address = z.infer<typeof address>;

const addressRef = userIdBody.extend({ address_id: addressIdSchema });

const route = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D) =>
  defineRoute({ method: 'POST', path, summary, tag: 'addresses', auth: true, body, data });

export const addressRoutes = {
  addAddress: route(
    '/user/add_user_address',
    'Add a saved address (the first becomes the main one)',
    withAddressRules(addressParts.extend({ user_id: userIdBody.shape.user_id, isMain: z.boolean().optional() }).strict()),
    address,
  ),
  editAddress: route('/user/edit_useraddress', 'Edit a saved address', withAddressRules(addressParts.extend({ address_id: addressIdSchema, user_id: userIdBody.shape.user_id.optional() }).strict()), address),
  listAddresses: route('/user/search_all_address', 'All saved addresses, main first', userIdBody, z.array(address)),
  getAddress: route('/user/seach_user_address', 'One saved address', addressRef.strict(), address),
  deleteAddress: route('/user/del_user_address', 'Delete a saved address (deleting the main one promotes another)', addressRef.strict(), z.object({ address_id: z.number() })),
  changeMainAddress: route('/user/change_main_address', 'Make an address the main one', addressRef.strict(), address),
  selectMainAddress: route('/ecommerce/select_main_address', 'The main address, to fill the checkout shipping form (null when there is none)', userIdBody, address.nullable()),
};
