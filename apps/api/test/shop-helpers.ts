export const SHIPPING = {
  shipping_name: 'Somchai Jaidee',
  shipping_email: 'somchai@example.test',
  shipping_contact: '+66812345678',
  shipping_address1: '99 Sukhumvit Road',
  shipping_address2: '',
  shipping_district: 'Watthana',
  shipping_subDistrict: 'Khlong Toei Nuea',
  shipping_state: 'Bangkok',
  shipping_zip: '10110',
  shipping_country: { value: 'TH', label: 'Thailand' },
};
