import { adminRoutes } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, ErrorNotice } from '@/components/ui';
import { priceText } from '@/components/ui/price';
import { TextareaField } from '@/components/ui/textarea-field';
import { failureMessage } from '@/lib/call-api';
import { bodySchema, validate } from '@/lib/form-errors';
import { useFormErrors } from '../model/use-form-errors';
import styles from './item-form.module.css';

interface FailPayoutDialogProps {
  payout: { id: number; amount: number; userName: string };
  busy: boolean;
  error: unknown;
  onFail(reason: string): void;
  onClose(): void;
}

/** Failing a payout needs a reason: the member reads it, and gets the par back. */
export function FailPayoutDialog({ payout, busy, error, onFail, onClose }: FailPayoutDialogProps) {
  const form = useFormErrors(() => 'Reason');
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(bodySchema(adminRoutes.adminFailPayout), { id: payout.id, reason }, reason.trim() === '' ? ['reason'] : [], { paths: true });
    if (!checked.ok) return form.invalid(checked.errors);
    form.reset();
    onFail(checked.data.reason);
  };

  return (
    <Dialog
      title="Fail this payout?"
      description={`${priceText(payout.amount)} goes back to ${payout.userName}’s par balance. This cannot be undone.`}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="fail-payout-form" className={styles.danger} disabled={busy}>
            {busy ? 'Failing…' : 'Fail payout'}
          </Button>
        </>
      }
    >
      <form id="fail-payout-form" ref={form.formRef} className={styles.dialogForm} onSubmit={submit} noValidate>
        <ErrorNotice message={form.alert ?? (error ? failureMessage(error) : null)} />
        <TextareaField
          label="Reason"
          name="reason"
          rows={3}
          maxLength={200}
          required
          hint="Shown to the member, e.g. “The wallet address is not accepting transfers.”"
          value={reason}
          error={form.error('reason')}
          onChange={(e) => {
            form.clear('reason');
            setReason(e.target.value);
          }}
        />
      </form>
    </Dialog>
  );
}
