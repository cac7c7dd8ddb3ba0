import { walletRoutes, WALLET_LIMITS, type Balances } from '@parmeta/contracts';
import { Field } from '@/components/ui';
import { bodySchema } from '@/lib/form-errors';
import { useWithdraw } from '../api/withdraw';
import { amountOf, checkBody } from '../model/form';
import { formatAsset } from '../model/money';
import { displayDestination, normalDestination, overBalance, reviewWithdraw } from '../model/review';
import { useMoneyAction } from '../model/use-money-action';
import { ActionForm, AllActionsLink } from './action-form';
import { DestinationField } from './destination-field';
import { ResultStep, ReviewStep } from './money-steps';

const labels = { amount: 'Amount', destination: 'Destination' };

/** A payout request: amount and destination, review, confirm. The par leaves the balance at once and is paid out once an admin settles it. */
export function WithdrawAction({ balances }: { balances: Balances | undefined }) {
  const action = useMoneyAction<keyof typeof labels, { amount: number; destination: string }>(labels);
  const withdraw = useWithdraw();
  const { phase } = action;

  if (phase.step === 'done') {
    return <ResultStep msg={phase.msg} balances={phase.balances} assets={['par']} againLabel="Make another withdrawal" onAgain={action.again} done={<AllActionsLink />} />;
  }
  if (phase.step !== 'edit') {
    return (
      <ReviewStep
        review={phase.review}
        confirmLabel={`Withdraw ${formatAsset(phase.data.amount)}`}
        busyLabel="Sending request…"
        busy={action.busy}
        failure={action.failure}
        note="We review withdrawals and pay them out within a few days. Until then it shows as pending in your withdrawals; if it cannot be paid out, the par comes back."
        onConfirm={() => void action.confirm((body) => withdraw.mutateAsync(body))}
        onEdit={action.edit}
      />
    );
  }
  return (
    <ActionForm
      action={action}
      ready={balances !== undefined}
      onReview={() =>
        action.review(() => {
          const checked = checkBody(bodySchema(walletRoutes.withdraw), { amount: amountOf(action.values.amount), destination: action.values.destination }, labels, action.values);
          if (!checked.ok) return checked;
          if (!balances) return null;
          const over = overBalance(labels.amount, checked.data.amount, balances.par, 'par');
          if (over) return { ok: false, errors: { amount: over } };
          const data = { amount: checked.data.amount, destination: normalDestination(checked.data.destination) };
          return { ok: true, data, review: reviewWithdraw(balances, data.amount, displayDestination(data.destination)) };
        })
      }
    >
      <Field
        label="Amount of par"
        inputMode="decimal"
        autoComplete="off"
        hint={`From ${formatAsset(WALLET_LIMITS.minWithdrawal)} to ${formatAsset(WALLET_LIMITS.maxAmount)}.${balances ? ` You have ${formatAsset(balances.par)}.` : ''}`}
        {...action.field('amount')}
      />
      <DestinationField {...action.field('destination')} onPick={(address) => action.set('destination', address)} />
    </ActionForm>
  );
}
