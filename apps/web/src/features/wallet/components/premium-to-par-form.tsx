import { apiRoutes, type Balances } from '@parmeta/contracts';
import type { FormEvent } from 'react';
import { Button, ErrorNotice, Field, Panel, Skeleton, SuccessNotice } from '@/components/ui';
import { useRates } from '../api/get-rates';
import { usePremiumToPar } from '../api/premium-to-par';
import { amountOf, checkBody } from '../model/form';
import { bodySchema } from '@/lib/form-errors';
import { formatAmount, formatAsset } from '../model/money';
import { useMoneyForm } from '../model/use-money-form';
import styles from './wallet-forms.module.css';

const labels = { points: 'Points' };

/** Premium points to par at the configured rate, from the configured minimum. */
export function PremiumToParForm({ balances }: { balances: Balances | undefined }) {
  const form = useMoneyForm(labels);
  const convert = usePremiumToPar();
  const rates = useRates().data;
  const points = amountOf(form.values.points);
  const worth = rates && points !== undefined && points > 0 && Number.isInteger(points) ? points / rates.premiumPerPar : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(
      () => {
        const checked = checkBody(bodySchema(apiRoutes.premiumToPar), { points }, labels, form.values);
        // The minimum is configuration, not schema: the rates call says what it is.
        if (checked.ok && rates && checked.data.points < rates.premiumMinimum) {
          return { ok: false, errors: { points: `You can convert from ${formatAmount(rates.premiumMinimum, 'premium')} points.` } };
        }
        return checked;
      },
      (body) => convert.mutateAsync(body),
    );
  };

  return (
    <Panel
      title="Turn points into par"
      description={
        rates ? (
          <>
            {formatAmount(rates.premiumPerPar, 'premium')} points make 1 par. The smallest conversion is {formatAmount(rates.premiumMinimum, 'premium')} points.
          </>
        ) : (
          <Skeleton width="80%" height={18} />
        )
      }
    >
      <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy || undefined}>
        <Field
          label="Points to convert"
          inputMode="numeric"
          autoComplete="off"
          placeholder={rates ? String(rates.premiumMinimum) : ''}
          hint={[balances ? `You have ${formatAsset(balances.premium, 'premium')}.` : '', worth !== null ? `You get ${formatAsset(worth)}.` : ''].filter(Boolean).join(' ') || undefined}
          {...form.field('points')}
        />
        <ErrorNotice message={form.notice && !form.notice.ok ? form.notice.text : null} />
        <SuccessNotice message={form.notice?.ok ? form.notice.text : null} />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Converting…' : 'Convert to par'}
        </Button>
      </form>
    </Panel>
  );
}
