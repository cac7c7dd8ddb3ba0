import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface QuoteInput {
  code: string;
  list: { id: number; variantId?: number; qty: number }[];
}

/** POST /ecommerce/promo/quote: the cart priced with the code by the server (nothing is held). */
export const quotePromo = ({ code, list }: QuoteInput) => callApi('quotePromo', { body: { code, list } });

export const useQuotePromo = () => useMutation({ mutationFn: quotePromo });
