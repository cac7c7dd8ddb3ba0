// The address book's limits as plain values, apart from the schemas that use them: the forms that
// show them (checkout's "save this address", the address book) load no schema code for them.

export const MAX_ADDRESSES = 20;

export const ADDRESS_LABEL_MAX = 40;
/** The labels the forms offer; anything else up to 40 characters is a label too. */
export const ADDRESS_LABELS = ['Home', 'Office'] as const;
