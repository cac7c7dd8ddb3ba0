import { useMoneyMove } from './move-money';

/** POST /gx/tranfer_par_to_meta: par to meta, 1:1. */
export const useParToMeta = () => useMoneyMove('parToMeta');
