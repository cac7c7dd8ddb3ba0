// Plain values, apart from the payment schemas: the card forms show them as the page loads and
// load the schemas only when a card is checked (docs/decisions/0074).

/**
 * Sandbox test cards. Any other Luhn-valid number is accepted as a successful card.
 * (The same idea as the public test numbers of well-known gateways.)
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  gatewayError: '4000000000000119',
} as const;
