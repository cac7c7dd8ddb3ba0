/** The wallet's money actions, one at a time, each at its own address (/wallet?action=...). */
export const WALLET_ACTIONS = [
  { id: 'top-up', title: 'Top up par', about: 'Pay by card; the par is added at once, 1 par for 1 USD.' },
  { id: 'to-meta', title: 'Move par to meta', about: 'Each par becomes one meta on the metaverse side.' },
  { id: 'convert', title: 'Turn points into par', about: 'Premium points you earned with shop orders become par.' },
  { id: 'withdraw', title: 'Withdraw par', about: 'Send par to your bank account or an external wallet.' },
] as const;

export type WalletActionId = (typeof WALLET_ACTIONS)[number]['id'];

/** The action the address asks for, or null for the choice of actions. */
export const readAction = (text: string | null) => WALLET_ACTIONS.find((a) => a.id === text) ?? null;
