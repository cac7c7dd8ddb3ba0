import { walletRoutes, type Balances } from '@parmeta/contracts';
import { Field } from '@/components/ui';
import { bodySchema } from '@/lib/form-errors';
import { useRates } from '../api/get-rates';
import { usePremiumToPar } from '../api/premium-to-par';
import { amountOf, checkBody } from '../model/form';
import { formatAmount, formatAsset } from '../model/money';
import { overBalance, reviewConvert } from '../model/review';
import { useMoneyAction } from '../model/use-money-action';
import { ActionForm, AllActionsLink } from './action-form';
import { ResultStep, ReviewStep } from './money-steps';

const labels = { points: 'Points' };

/** Premium points to par at the configured rate, from the configured minimum: points, review, confirm. */
export function ConvertAction({ balances }: { balances: Balances | undefined }) {
  const action = useMoneyAction<keyof typeof labels, { points: number }>(labels);
  const convert = usePremiumToPar();
  const rates = useRates().data;
  const { phase } = action;

  if (phase.step === 'done') {
    return <ResultStep msg={phase.msg} balances={phase.balances} assets={['premium', 'par']} againLabel="Convert more points" onAgain={action.again} done={<AllActionsLink />} />;
  }
  if (phase.step !== 'edit') {
    return (
      <ReviewStep
        review={phase.review}
        confirmLabel={`Convert ${formatAsset(phase.data.points, 'premium')}`}
        busyLabel="Converting…"
        busy={action.busy}
        failure={action.failure}
        onConfirm={() => void action.confirm((body) => convert.mutateAsync(body))}
        onEdit={action.edit}
      />
    );
  }
  const hint = [
    balances ? `You have ${formatAsset(balances.premium, 'premium')}.` : '',
    rates ? `${formatAmount(rates.premiumPerPar, 'premium')} points make 1 par; the smallest conversion is ${formatAmount(rates.premiumMinimum, 'premium')} points.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ActionForm
      action={action}
      ready={balances !== undefined && rates !== undefined}
      onReview={() =>
        action.review(() => {
          const checked = checkBody(bodySchema(walletRoutes.premiumToPar), { points: amountOf(action.values.points) }, labels, action.values);
          if (!checked.ok) return checked;
          if (!balances || !rates) return null;
          // The minimum is configuration, not schema: the rates call says what it is.
          if (checked.data.points < rates.premiumMinimum) return { ok: false, errors: { points: `You can convert from ${formatAmount(rates.premiumMinimum, 'premium')} points.` } };
          const over = overBalance(labels.points, checked.data.points, balances.premium, 'premium');
          if (over) return { ok: false, errors: { points: over } };
          return { ok: true, data: { points: checked.data.points }, review: reviewConvert(balances, checked.data.points, rates.premiumPerPar) };
        })
      }
    >
      <Field label="Points to convert" inputMode="numeric" autoComplete="off" hint={hint || undefined} {...action.field('points')} />
    </ActionForm>
  );
}
