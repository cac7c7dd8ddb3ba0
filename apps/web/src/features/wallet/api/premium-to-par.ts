import { useMoneyMove } from './move-money';

/** POST /gx/Premium_To_Par: premium points to par at the configured rate. */
export const usePremiumToPar = () => useMoneyMove('premiumToPar');
