import type { OrderDetail } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorNotice, MapPinIcon, Panel, SuccessNotice } from '@/components/ui';
import { checkoutBlocker, type CartLineView } from '@/features/cart';
import { failedWith, failureMessage, isApiFailure } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { mainAddressQueryOptions } from '../api/get-payment-sources';
import { usePlaceOrder } from '../api/use-place-order';
import { errorsFromServer, type FieldErrors } from '@/lib/form-errors';
import { checkShipping, SHIPPING_FIELDS, shippingFromAddress } from '../model/shipping';
import { ShippingForm, shippingFieldId } from './shipping-form';
import styles from './steps.module.css';

interface ShippingStepProps {
  lines: readonly CartLineView[];
  current: OrderDetail | null;
  stale: OrderDetail | null;
  /** A message to show above the form, e.g. that an earlier order expired. */
  notice: string | null;
  onPlaced(): void;
  /** Back to payment without changes, when an order exists already. */
  onCancelEdit: (() => void) | undefined;
}

export function ShippingStep({ lines, current, stale, notice, onPlaced, onCancelEdit }: ShippingStepProps) {
  const queryClient = useQueryClient();
  const list = useSessionStore((s) => s.cart.list);
  const shipping = useSessionStore((s) => s.cart.shipping);
  const note = useSessionStore((s) => s.cart.note);
  const userName = useSessionStore((s) => s.user?.userName ?? '');
  const setShipping = useSessionStore((s) => s.setShipping);
  const setCartNote = useSessionStore((s) => s.setCartNote);
  const place = usePlaceOrder();
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [blocker, setBlocker] = useState<string | null>(null);

  // A first order: start from the account's name and email.
  useEffect(() => {
    const { cart, user, setShipping: set } = useSessionStore.getState();
    if (!user) return;
    const start: { shipping_name?: string; shipping_email?: string } = {};
    if (!cart.shipping.shipping_name) start.shipping_name = user.fullName;
    if (!cart.shipping.shipping_email) start.shipping_email = user.email;
    if (Object.keys(start).length > 0) set(start);
  }, [userName]);

  const fill = useMutation({
    mutationFn: () => queryClient.fetchQuery(mainAddressQueryOptions(userName)),
    onSuccess: (address) => {
      if (!address) return;
      const { cart, user } = useSessionStore.getState();
      setShipping(shippingFromAddress(address, cart.shipping.shipping_email || (user?.email ?? '')));
      setServerErrors({});
    },
  });

  const check = checkShipping(shipping);
  const errors: FieldErrors = { ...serverErrors, ...(submitted && !check.ok ? check.errors : {}) };

  const change = (part: Parameters<typeof setShipping>[0]) => {
    setShipping(part);
    const edited = Object.keys(part);
    setServerErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => !edited.includes(field))));
  };

  const submit = () => {
    if (place.isPending) return;
    setSubmitted(true);
    setBlocker(null);
    if (!check.ok) {
      const first = SHIPPING_FIELDS.find((field) => check.errors[field]);
      if (first) document.getElementById(shippingFieldId(first))?.focus();
      return;
    }
    const stop = checkoutBlocker(lines);
    if (stop) {
      setBlocker(stop);
      return;
    }
    place.mutate(
      { body: { list: list.map((line) => ({ id: Number(line.id), qty: line.qty })), shipping: check.data, note: note.trim() }, current, stale },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          if (!isApiFailure(error)) return;
          const fields = errorsFromServer(error.fields, { prefix: 'shipping' });
          setServerErrors(fields);
          const first = SHIPPING_FIELDS.find((field) => fields[field]);
          if (first) document.getElementById(shippingFieldId(first))?.focus();
        },
      },
    );
  };

  const outOfStock = failedWith(place.error, 'OUT_OF_STOCK') || failedWith(place.error, 'BUSINESS_RULE');
  const failure = place.isError ? (outOfStock ? `${failureMessage(place.error)} Nothing was ordered.` : failureMessage(place.error)) : (blocker ?? null);

  return (
    <Panel title="Shipping details" description="We deliver to this address and send the confirmation to this email.">
      <ShippingForm
        shipping={shipping}
        note={note}
        onChange={change}
        onNote={setCartNote}
        errors={errors}
        onSubmit={submit}
        prefill={
          <div className={styles.prefill}>
            {notice && <SuccessNotice message={notice} />}
            <Button variant="secondary" onClick={() => fill.mutate()} disabled={fill.isPending || userName === ''}>
              <MapPinIcon size={18} />
              {fill.isPending ? 'Filling in…' : 'Use my main address'}
            </Button>
            <div role="status" className={styles.fillStatus}>
              {fill.isSuccess && fill.data && 'Filled in from your main address. Check it and continue.'}
              {fill.isSuccess && !fill.data && (
                <>
                  You have no main address yet. <Link to="/addresses">Add one in your address book</Link> or type the address below.
                </>
              )}
            </div>
            {fill.isError && <ErrorNotice message={`We could not load your main address. ${failureMessage(fill.error)}`} />}
          </div>
        }
        footer={
          <div className={styles.footer}>
            <ErrorNotice message={failure} />
            {(outOfStock || blocker) && (
              <Link to="/cart" className={styles.fixLink}>
                Review your cart
              </Link>
            )}
            <div className={styles.actions}>
              {/* aria-disabled rather than disabled while busy: a disabled button would drop the keyboard focus. */}
              <Button type="submit" size="lg" aria-disabled={place.isPending || undefined}>
                {place.isPending ? 'Reserving your items…' : current ? 'Save and continue to payment' : 'Continue to payment'}
              </Button>
              {onCancelEdit && (
                <Button variant="secondary" size="lg" onClick={onCancelEdit} disabled={place.isPending}>
                  Back to payment
                </Button>
              )}
            </div>
          </div>
        }
      />
    </Panel>
  );
}
