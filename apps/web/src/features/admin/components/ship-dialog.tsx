import { adminRoutes, CARRIERS, type CarrierId } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, ErrorNotice, Field, SelectField } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { bodySchema, validate } from '@/lib/form-errors';
import { useFormErrors } from '../model/use-form-errors';
import styles from './item-form.module.css';

const LABELS: Record<string, string> = { carrier: 'Carrier', trackingNo: 'Tracking number' };
/** The carriers the shop ships with (contracts: carriers.ts): the customer's order links to the one chosen. */
const CARRIER_OPTIONS = [{ value: '', label: 'Choose a carrier' }, ...CARRIERS.map((c) => ({ value: c.id, label: c.name }))];

interface ShipDialogProps {
  orderNo: string;
  email: string;
  busy: boolean;
  /** A refusal of the ship call, in plain words. */
  error: unknown;
  onShip(carrier: CarrierId, trackingNo: string): void;
  onClose(): void;
}

/** Carrier and tracking number for a paid order; the customer is mailed both, with a link to the carrier's tracking page. */
export function ShipDialog({ orderNo, email, busy, error, onShip, onClose }: ShipDialogProps) {
  const form = useFormErrors((path) => LABELS[path] ?? path);
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = [!carrier.trim() && 'carrier', !trackingNo.trim() && 'trackingNo'].filter((x): x is string => Boolean(x));
    const checked = validate(bodySchema(adminRoutes.adminShipOrder), { orderNo, carrier, trackingNo }, blank, { paths: true });
    if (!checked.ok) return form.invalid(checked.errors);
    form.reset();
    onShip(checked.data.carrier, checked.data.trackingNo);
  };

  return (
    <Dialog
      title={`Ship order ${orderNo}`}
      description={`The order becomes shipped and ${email} gets a mail with the carrier and tracking number.`}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="ship-form" disabled={busy}>
            {busy ? 'Shipping…' : 'Mark shipped'}
          </Button>
        </>
      }
    >
      <form id="ship-form" ref={form.formRef} className={styles.dialogForm} onSubmit={submit} noValidate>
        <ErrorNotice message={form.alert ?? (error ? failureMessage(error) : null)} />
        <SelectField
          label="Carrier"
          name="carrier"
          value={carrier}
          options={CARRIER_OPTIONS}
          hint="The customer's order links the tracking number to this carrier's tracking page."
          error={form.error('carrier')}
          onChange={(e) => {
            form.clear('carrier');
            setCarrier(e.target.value);
          }}
        />
        <Field
          label="Tracking number"
          name="trackingNo"
          value={trackingNo}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          hint="4 to 40 letters, digits or dashes."
          error={form.error('trackingNo')}
          onChange={(e) => {
            form.clear('trackingNo');
            setTrackingNo(e.target.value);
          }}
        />
      </form>
    </Dialog>
  );
}
