import type { OrderDetail } from '@parmeta/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button, ErrorNotice, Link, MapPinIcon, Panel, SuccessNotice } from '@/components/ui';
import { checkoutBlocker, type CartLineView } from '@/features/cart';
import { failedWith, failureMessage, isApiFailure } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { MAX_ADDRESSES } from '@parmeta/contracts';
import { AddressLabelField, addressName, useAddAddress, useAddresses } from '@/features/account';
import { usePlaceOrder } from '../api/use-place-order';
import { errorsFromServer, type FieldErrors } from '@/lib/form-errors';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';
import { addressFromShipping, inAddressBook, SHIPPING_FIELDS, shippingFromAddress } from '../model/shipping';
import { ShippingForm, shippingFieldId } from './shipping-form';
import { asOrderLine } from '@/lib/cart-key';
import { PromoCodeField } from '@/features/promos';
import shared from '@/components/ui/payment-choice.module.css';
import styles from './steps.module.css';

/** The shipping check: loaded as the form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/shipping-check'));

interface ShippingStepProps {
  lines: readonly CartLineView[];
  current: OrderDetail | null;
  stale: OrderDetail | null;
  /** A message to show above the form, e.g. that an earlier order expired. */
  notice: string | null;
  /** The order is placed; `note` says what became of saving the address, when it was asked for. */
  onPlaced(note: { ok: boolean; text: string } | null): void;
  /** Back to payment without changes, when an order exists already. */
  onCancelEdit: (() => void) | undefined;
}

export function ShippingStep({ lines, current, stale, notice, onPlaced, onCancelEdit }: ShippingStepProps) {
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
  // The code of the order placed before (back here to edit it) stays applied.
  const [promoCode, setPromoCode] = useState<string | null>(current?.price.promo?.code ?? stale?.price.promo?.code ?? null);
  const orderLines = list.map((line) => ({ ...asOrderLine(line.id), qty: line.qty }));

  // A first order: start from the account's name and email.
  useEffect(() => {
    const { cart, user, setShipping: set } = useSessionStore.getState();
    if (!user) return;
    const start: { shipping_name?: string; shipping_email?: string } = {};
    if (!cart.shipping.shipping_name) start.shipping_name = user.fullName;
    if (!cart.shipping.shipping_email) start.shipping_email = user.email;
    if (Object.keys(start).length > 0) set(start);
  }, [userName]);

  // The address book: its main address fills the form in one click, and a new address can go into it.
  const book = useAddresses();
  const saveAddress = useAddAddress();
  const main = book.data?.find((a) => a.isMain) ?? null;
  const [filled, setFilled] = useState(false);
  const fillFromMain = () => {
    if (!main) return;
    const { cart, user } = useSessionStore.getState();
    setShipping(shippingFromAddress(main, cart.shipping.shipping_email || (user?.email ?? '')));
    setServerErrors({});
    setFilled(true);
  };
  // On by default when the book is empty: the first address is worth keeping.
  const [save, setSave] = useState<boolean | null>(null);
  const [label, setLabel] = useState('Home');
  const offerSave = book.data !== undefined && book.data.length < MAX_ADDRESSES && !inAddressBook(shipping, book.data);
  const saving = offerSave && (save ?? book.data?.length === 0);

  // A second press while the check loads (the first submit) sends nothing more.
  const checking = useRef(false);
  // After a first submit the fields are checked again as the member types (the check is loaded by then).
  const check = submitted ? checks.loaded()?.checkShipping(shipping) : undefined;
  const errors: FieldErrors = { ...serverErrors, ...(check && !check.ok ? check.errors : {}) };

  const change = (part: Parameters<typeof setShipping>[0]) => {
    setShipping(part);
    const edited = Object.keys(part);
    setServerErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => !edited.includes(field))));
  };

  const submit = async () => {
    if (place.isPending || checking.current) return;
    setBlocker(null);
    checking.current = true;
    const loaded = await checks.ready();
    checking.current = false;
    if (!loaded) {
      setBlocker(`The form ${CHECK_NOT_LOADED}`);
      return;
    }
    const check = loaded.checkShipping(useSessionStore.getState().cart.shipping);
    setSubmitted(true);
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
    const body = { list: orderLines, shipping: check.data, note: note.trim(), ...(promoCode ? { promoCode } : {}) };
    // mutateAsync, not mutate's callbacks: placing the order switches the page to the payment
    // step, which unmounts this one before per-call callbacks would run.
    place.mutateAsync({ body, current, stale }).then(
      async () => {
        if (!saving) return onPlaced(null);
        // The order is placed whatever becomes of this: a failure is told, not in the way.
        const named = label.trim() || 'Home';
        const saved = await saveAddress
          .mutateAsync({ values: addressFromShipping(check.data, named), isMain: book.data?.length === 0 })
          .then(() => ({ ok: true, text: `The address is saved to your address book as “${named}”.` }))
          .catch((error: unknown) => ({ ok: false, text: `Your order is placed, but the address could not be saved to your address book: ${failureMessage(error)}` }));
        onPlaced(saved);
      },
      (error: unknown) => {
        if (!isApiFailure(error)) return;
        const fields = errorsFromServer(error.fields, { prefix: 'shipping' });
        setServerErrors(fields);
        const first = SHIPPING_FIELDS.find((field) => fields[field]);
        if (first) document.getElementById(shippingFieldId(first))?.focus();
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
        onSubmit={() => void submit()}
        onUse={() => {
          checks.warm();
          // The next step's form, so it shows at once when the order is placed.
          void import('./payment-step');
        }}
        prefill={
          <div className={styles.prefill}>
            {notice && <SuccessNotice message={notice} />}
            {main && (
              <Button variant="secondary" onClick={fillFromMain}>
                <MapPinIcon size={18} />
                Use my main address ({main.label})
              </Button>
            )}
            <div role="status" className={styles.fillStatus}>
              {filled && main && `Filled in from your main address, ${addressName(main)}. Check it and continue.`}
            </div>
          </div>
        }
        saveAddress={
          offerSave && (
            <div className={styles.saveAddress}>
              <label className={shared.save}>
                <input type="checkbox" checked={saving} onChange={(event) => setSave(event.target.checked)} />
                Save this address to my address book
              </label>
              {saving && <AddressLabelField value={label} onChange={setLabel} />}
            </div>
          )
        }
        footer={
          <div className={styles.footer}>
            <PromoCodeField list={orderLines} applied={promoCode} onApplied={setPromoCode} />
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
