import { lazy } from 'react';

/** Lazy page modules: each is its own chunk, loaded when its route is visited. */
export const accountPages = {
  profile: () => import('./pages/profile-page'),
  addresses: () => import('./pages/addresses-page'),
  cards: () => import('./pages/cards-page'),
  settings: () => import('./pages/account-settings-page'),
  confirmEmail: () => import('./pages/confirm-email-page'),
};

/**
 * The address form, for the checkout too. It is lazy, like the pages: the router imports
 * this index into the entry chunk, and a static export would bring the form, the contract
 * schemas and zod into every first page load. Render it inside a <Suspense>.
 */
export const AddressForm = /* @__PURE__ */ lazy(() => import('./components/address-form').then((module) => ({ default: module.AddressForm })));
export type { AddressFormProps } from './components/address-form';
export type { AddressValues } from './model/address';
export { addressLines, addressName } from './model/address';
// The address parts as the chosen country writes them, and the label choice: the checkout's shipping form uses them too.
export { AddressPartFields, partLabel, type AddressPartName } from './components/address-part-fields';
export { AddressLabelField } from './components/address-label-field';

// The saved addresses and cards, for the checkout and the wallet.
export { addressesQueryKey, useAddresses } from './api/get-addresses';
export { useMainAddress } from './api/get-main-address';
export { useAddAddress } from './api/add-address';
export { cardsQueryKey, useCards } from './api/get-cards';
export { keepPaymentCard } from './api/add-card';
