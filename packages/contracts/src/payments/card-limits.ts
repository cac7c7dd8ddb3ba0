/** Saved cards per member (without zod: the server reads it without building the payment schemas, docs/decisions/0087). */
export const MAX_CARDS = 10;
