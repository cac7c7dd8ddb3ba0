import { apiRoutes, type Balances } from '@parmeta/contracts';
import type { FormEvent } from 'react';
import { Button, ErrorNotice, Field, Panel, SuccessNotice } from '@/components/ui';
import { useParToMeta } from '../api/par-to-meta';
import { amountOf, checkBody } from '../model/form';
import { bodySchema } from '@/lib/form-errors';
import { formatAsset } from '../model/money';
import { useMoneyForm } from '../model/use-money-form';
import styles from './wallet-forms.module.css';

const labels = { amount: 'Amount' };

/** Par to meta, 1:1. */
export function ParToMetaForm({ balances }: { balances: Balances | undefined }) {
  const form = useMoneyForm(labels);
  const move = useParToMeta();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(
      () => checkBody(bodySchema(apiRoutes.parToMeta), { amount: amountOf(form.values.amount) }, labels, form.values),
      (body) => move.mutateAsync(body),
    );
  };

  return (
    <Panel title="Move par to meta" description="Each par becomes one meta on the metaverse side.">
      <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy || undefined}>
        <Field
          label="Amount of par"
          inputMode="decimal"
          autoComplete="off"
          placeholder="10.00"
          hint={balances ? `You have ${formatAsset(balances.par)}.` : undefined}
          {...form.field('amount')}
        />
        <ErrorNotice message={form.notice && !form.notice.ok ? form.notice.text : null} />
        <SuccessNotice message={form.notice?.ok ? form.notice.text : null} />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Moving…' : 'Move to meta'}
        </Button>
      </form>
    </Panel>
  );
}
