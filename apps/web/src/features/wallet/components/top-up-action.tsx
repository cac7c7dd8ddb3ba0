import { fiatOrderBody, type Balances } from '@parmeta/contracts';
import { useEffect } from 'react';
import { Button, Field } from '@/components/ui';
import { CARD_LABELS, CardSourceFields, cardName } from '@/components/ui/card-source-fields';
import { isApiFailure, useUserName } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { useCardPayment, type CardSource } from '../api/pay-by-card';
import { useCardSource } from '../api/use-card-source';
import { amountOf, checkBody, serverFieldErrors } from '../model/form';
import { reviewTopUp } from '../model/review';
import { useMoneyAction } from '../model/use-money-action';
import { ActionForm, AllActionsLink } from './action-form';
import { ResultStep, ReviewStep } from './money-steps';
import styles from './action-form.module.css';

const labels = { amount: 'Amount' };
const QUICK_AMOUNTS = ['10', '25', '50', '100'];

/** Adds par by card (AuthToken, then GenerateOrderFiat type topup) with a saved or new card: amount and card, review, pay. */
export function TopUpAction({ balances }: { balances: Balances | undefined }) {
  const action = useMoneyAction<keyof typeof labels, { amount: number; paidWith: CardSource }>(labels);
  const source = useCardSource();
  const pay = useCardPayment();
  const userName = useUserName();
  const { setOrderCard, resetOrderCard } = useSessionStore.getState();
  // The order card lives only while a payment runs; leaving the page mid-payment clears it too.
  useEffect(() => resetOrderCard, [resetOrderCard]);
  const { phase } = action;

  /** "your Visa ending in 4242" for a saved card; the new card by the last digits typed. */
  const cardLabel = (paidWith: CardSource) => {
    if ('card' in paidWith) return `the card ending in ${paidWith.card.number.replace(/\D/g, '').slice(-4)}`;
    const saved = source.fields.cards?.find((c) => c.card_id === paidWith.card_id);
    return saved ? `your ${cardName(saved)}` : 'your saved card';
  };

  if (phase.step === 'done') {
    return <ResultStep msg={phase.msg} balances={phase.balances} assets={['par']} againLabel="Top up again" onAgain={action.again} done={<AllActionsLink />} />;
  }
  if (phase.step !== 'edit') {
    return (
      <ReviewStep
        review={phase.review}
        confirmLabel={`Pay ${phase.data.amount.toFixed(2)} USD`}
        busyLabel="Paying…"
        busy={action.busy}
        failure={action.failure}
        note="The par is added as soon as the card payment goes through."
        onConfirm={() =>
          void action.confirm(async ({ amount, paidWith }) => {
            setOrderCard({ price: amount, Type: 'topup', user_id: userName });
            try {
              const result = await pay.mutateAsync({ order: { type: 'topup', amount }, source: paidWith });
              source.clear();
              return result;
            } catch (error) {
              // The gateway's own field messages (a refused card) go under the card's fields.
              if (isApiFailure(error)) source.showErrors(serverFieldErrors(error.fields, CARD_LABELS));
              throw error;
            } finally {
              resetOrderCard();
            }
          })
        }
        onEdit={action.edit}
      />
    );
  }
  const amount = amountOf(action.values.amount);
  return (
    <ActionForm
      action={action}
      ready={balances !== undefined && source.choice !== null}
      onReview={() =>
        action.review(() => {
          // The fiat order schema checks the amount; the card is checked by its own schema below.
          const checked = checkBody(fiatOrderBody, { type: 'topup', amount, card_id: 1 }, labels, action.values);
          if (!checked.ok) return checked;
          const paidWith = source.check();
          if (!paidWith || !balances || amount === undefined) return null;
          return { ok: true, data: { amount, paidWith }, review: reviewTopUp(balances, amount, cardLabel(paidWith)) };
        })
      }
    >
      <Field label="Amount (USD)" inputMode="decimal" autoComplete="off" hint="From 0.01 to 10,000 per top-up: 1 par for 1 USD." {...action.field('amount')} />
      <div className={styles.quick} role="group" aria-label="Quick amounts">
        {QUICK_AMOUNTS.map((value) => (
          <Button key={value} size="sm" variant="secondary" aria-pressed={action.values.amount === value} onClick={() => action.set('amount', value)}>
            {value}
          </Button>
        ))}
      </div>
      <CardSourceFields {...source.fields} />
    </ActionForm>
  );
}
