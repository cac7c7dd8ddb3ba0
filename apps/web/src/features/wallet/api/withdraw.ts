import { useMoneyMove } from './move-money';

/** POST /gx/transfer_par_off: a payout request, pending until an admin settles it. */
export const useWithdraw = () => useMoneyMove('withdraw');
