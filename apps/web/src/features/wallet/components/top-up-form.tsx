import { fiatOrderBody } from '@parmeta/contracts';
import { useEffect, type FormEvent } from 'react';
import { Button, ErrorNotice, Field, Panel, SuccessNotice } from '@/components/ui';
import { CARD_LABELS, CardSourceFields } from '@/components/ui/card-source-fields';
import { useSessionStore } from '@/lib/session-store';
import { isApiFailure, useUserName } from '@/lib/call-api';
import { useCardPayment } from '../api/pay-by-card';
import { useCardSource } from '../api/use-card-source';
import { amountOf, checkBody, serverFieldErrors } from '../model/form';
import { formatAmount } from '../model/money';
import { useMoneyForm } from '../model/use-money-form';
import styles from './wallet-forms.module.css';

const labels = { amount: 'Amount' };
const QUICK_AMOUNTS = ['10', '25', '50', '100'];

/** Adds par by card: AuthToken, then GenerateOrderFiat (type topup) with a saved or new card. */
export function TopUpForm() {
  const form = useMoneyForm(labels);
  const source = useCardSource();
  const pay = useCardPayment();
  const userName = useUserName();
  const { setOrderCard, resetOrderCard } = useSessionStore.getState();
  // The order card lives only while a payment runs; leaving the page mid-payment clears it too.
  useEffect(() => resetOrderCard, [resetOrderCard]);

  const amount = amountOf(form.values.amount);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(
      () => {
        // The fiat order schema checks the amount; the card is checked by its own schema below.
        const checked = checkBody(fiatOrderBody, { type: 'topup', amount, card_id: 1 }, labels, form.values);
        if (!checked.ok) return checked;
        const paidWith = source.check();
        return paidWith ? { ok: true as const, data: { amount: amount as number, paidWith } } : null;
      },
      async ({ amount: value, paidWith }) => {
        setOrderCard({ price: value, Type: 'topup', user_id: userName });
        try {
          const result = await pay.mutateAsync({ order: { type: 'topup', amount: value }, source: paidWith });
          source.clear();
          return result;
        } catch (error) {
          if (isApiFailure(error)) source.showErrors(serverFieldErrors(error.fields, CARD_LABELS));
          throw error;
        } finally {
          resetOrderCard();
        }
      },
    );
  };

  return (
    <Panel title="Top up par" description="Pay by card and the par is added at once: 1 par for 1 USD.">
      <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy || undefined}>
        <Field label="Amount (USD)" inputMode="decimal" autoComplete="off" placeholder="25.00" hint="From 0.01 to 10,000 per top-up." {...form.field('amount')} />
        <div className={styles.quick} role="group" aria-label="Quick amounts">
          {QUICK_AMOUNTS.map((value) => (
            <Button key={value} size="sm" variant="secondary" aria-pressed={form.values.amount === value} onClick={() => form.set('amount', value)}>
              {value}
            </Button>
          ))}
        </div>
        <CardSourceFields {...source.fields} disabled={form.busy} />
        <ErrorNotice message={form.notice && !form.notice.ok ? form.notice.text : null} />
        <SuccessNotice message={form.notice?.ok ? form.notice.text : null} />
        <Button type="submit" disabled={form.busy || source.choice === null}>
          {form.busy ? 'Paying…' : amount !== undefined && amount > 0 && !Number.isNaN(amount) ? `Top up ${formatAmount(amount)} par` : 'Top up'}
        </Button>
      </form>
    </Panel>
  );
}
