import { walletRoutes, type Balances } from '@parmeta/contracts';
import { Field } from '@/components/ui';
import { bodySchema } from '@/lib/form-errors';
import { useParToMeta } from '../api/par-to-meta';
import { amountOf, checkBody } from '../model/form';
import { formatAsset } from '../model/money';
import { overBalance, reviewToMeta } from '../model/review';
import { useMoneyAction } from '../model/use-money-action';
import { ActionForm, AllActionsLink } from './action-form';
import { ResultStep, ReviewStep } from './money-steps';

const labels = { amount: 'Amount' };

/** Par to meta, 1:1: amount, review, confirm. */
export function ToMetaAction({ balances }: { balances: Balances | undefined }) {
  const action = useMoneyAction<keyof typeof labels, { amount: number }>(labels);
  const move = useParToMeta();
  const { phase } = action;

  if (phase.step === 'done') {
    return <ResultStep msg={phase.msg} balances={phase.balances} assets={['par', 'meta']} againLabel="Move more par" onAgain={action.again} done={<AllActionsLink />} />;
  }
  if (phase.step !== 'edit') {
    return (
      <ReviewStep
        review={phase.review}
        confirmLabel={`Move ${formatAsset(phase.data.amount)} to meta`}
        busyLabel="Moving…"
        busy={action.busy}
        failure={action.failure}
        onConfirm={() => void action.confirm((body) => move.mutateAsync(body))}
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
          const checked = checkBody(bodySchema(walletRoutes.parToMeta), { amount: amountOf(action.values.amount) }, labels, action.values);
          if (!checked.ok) return checked;
          if (!balances) return null;
          const over = overBalance(labels.amount, checked.data.amount, balances.par, 'par');
          return over ? { ok: false, errors: { amount: over } } : { ok: true, data: { amount: checked.data.amount }, review: reviewToMeta(balances, checked.data.amount) };
        })
      }
    >
      <Field label="Amount of par" inputMode="decimal" autoComplete="off" hint={balances ? `You have ${formatAsset(balances.par)}. Each par becomes one meta.` : undefined} {...action.field('amount')} />
    </ActionForm>
  );
}
