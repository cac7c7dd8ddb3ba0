import type { PromoQuote } from '@parmeta/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui';
import { Price } from '@/components/ui/price';
import { failureMessage } from '@/lib/call-api';
import { useQuotePromo, type QuoteInput } from '../api/quote-promo';
import styles from './promo-code-field.module.css';

interface PromoCodeFieldProps {
  /** The cart as the order call sends it: the quote prices exactly that. */
  list: QuoteInput['list'];
  /** The code applied (sent with the order), or null. */
  applied: string | null;
  onApplied(code: string | null): void;
}

/**
 * The checkout's promo code: Apply asks the server for the price with it (the member discount
 * first, then the code, docs/decisions/0051) and shows what it takes off; a code that cannot
 * be used is said plainly. Not a form of its own: it sits inside the shipping form, so Enter
 * here applies the code and does not place the order.
 */
export function PromoCodeField({ list, applied, onApplied }: PromoCodeFieldProps) {
  const [text, setText] = useState(applied ?? '');
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const quoting = useQuotePromo();
  const id = useId();
  const resultId = `${id}-result`;

  const apply = () => {
    const code = text.trim();
    if (!code || quoting.isPending) return;
    quoting.mutateAsync({ code, list }).then(
      (answer) => {
        setQuote(answer);
        onApplied(answer.code);
      },
      () => {
        setQuote(null);
        onApplied(null);
      },
    );
  };
  const remove = () => {
    setText('');
    setQuote(null);
    quoting.reset();
    onApplied(null);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  return (
    <div className={styles.box}>
      <label htmlFor={id} className={styles.label}>
        Promo code (optional)
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-describedby={resultId}
          aria-invalid={quoting.isError || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        {applied ? (
          <Button variant="secondary" onClick={remove}>
            Remove
          </Button>
        ) : (
          <Button variant="secondary" onClick={apply} aria-disabled={quoting.isPending || undefined}>
            {quoting.isPending ? 'Checking…' : 'Apply'}
          </Button>
        )}
      </div>
      <div id={resultId} role="status" className={styles.result}>
        {quoting.isError && <p className={styles.error}>{failureMessage(quoting.error)}</p>}
        {applied && quote && (
          <p className={styles.ok}>
            Code {quote.code}: −<Price value={quote.promoDiscount} />
            {quote.memberDiscount > 0 ? ' after your member discount' : ''}. New total <Price value={quote.total} />
            {quote.shipping === 0 ? ' with free shipping' : ''}.
          </p>
        )}
        {applied && !quote && <p className={styles.ok}>Code {applied} is applied to this order.</p>}
      </div>
    </div>
  );
}
