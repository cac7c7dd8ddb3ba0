import { apiRoutes, WALLET_LIMITS, type Balances } from '@parmeta/contracts';
import type { FormEvent } from 'react';
import { Button, ErrorNotice, Field, Panel, SuccessNotice } from '@/components/ui';
import { useLinkedWallet } from '../api/linked-wallet';
import { useWithdraw } from '../api/withdraw';
import { amountOf, checkBody } from '../model/form';
import { bodySchema } from '@/lib/form-errors';
import { shortAddress } from '@/lib/injected-wallets';
import { formatAsset } from '../model/money';
import { useMoneyForm } from '../model/use-money-form';
import styles from './wallet-forms.module.css';

const labels = { amount: 'Amount', destination: 'Destination' };

/** A payout request: the par leaves the balance now and is paid out once an admin settles it. */
export function WithdrawForm({ balances }: { balances: Balances | undefined }) {
  const form = useMoneyForm(labels);
  const withdraw = useWithdraw();
  const linked = useLinkedWallet().data;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(
      () => checkBody(bodySchema(apiRoutes.withdraw), { amount: amountOf(form.values.amount), destination: form.values.destination }, labels, form.values),
      (body) => withdraw.mutateAsync(body),
    );
  };

  return (
    <Panel title="Withdraw par" description="Send par to your bank account or an external wallet. Requests are reviewed and paid out within a few days.">
      <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy || undefined}>
        <Field
          label="Amount of par"
          inputMode="decimal"
          autoComplete="off"
          placeholder={`${WALLET_LIMITS.minWithdrawal}.00`}
          hint={`From ${formatAsset(WALLET_LIMITS.minWithdrawal)} to ${formatAsset(WALLET_LIMITS.maxAmount)}.${balances ? ` You have ${formatAsset(balances.par)}.` : ''}`}
          {...form.field('amount')}
        />
        <Field
          label="Destination"
          autoComplete="off"
          spellCheck={false}
          placeholder="IBAN or 0x wallet address"
          hint="A bank account number (IBAN, e.g. DE89 3704 0044 0532 0130 00) or a 0x wallet address."
          {...form.field('destination')}
        />
        {linked && (
          <Button variant="secondary" size="sm" className={styles.linked} aria-pressed={form.values.destination === linked.address} onClick={() => form.set('destination', linked.address)}>
            Send to my linked wallet {shortAddress(linked.address)}
          </Button>
        )}
        <ErrorNotice message={form.notice && !form.notice.ok ? form.notice.text : null} />
        <SuccessNotice message={form.notice?.ok ? form.notice.text : null} />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Sending request…' : 'Request withdrawal'}
        </Button>
      </form>
    </Panel>
  );
}
