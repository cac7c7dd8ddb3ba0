import type { OrderDetail } from '@parmeta/contracts';
import { useRef, useState } from 'react';
import { Button, ErrorNotice, Panel } from '@/components/ui';
import { priceText } from '@/components/ui/price';
import { failureMessage, isApiFailure } from '@/lib/call-api';
import { useSessionStore } from '@/lib/session-store';
import { shippingLines } from '@/lib/shipping-lines';
import { useSavedCards } from '../api/get-payment-sources';
import type { usePayOrder } from '../api/use-pay-order';
import { errorsFromServer, type FieldErrors } from '@/lib/form-errors';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';
import { defaultChoice, EMPTY_CARD, type CardDraft, type PaymentChoice } from '../model/payment';
import type { CardCheck } from '../model/payment-check';
import { cardFieldId, PaymentForm } from './payment-form';
import styles from './steps.module.css';

interface PaymentStepProps {
  order: OrderDetail;
  /** The server's total (GetPriceOrder); undefined while it loads. */
  total: number | undefined;
  onEditShipping(): void;
  /**
   * The page's payment mutation: paying flips the order to paid, which ends this step, so
   * the mutation (and its success callback) must belong to the page, which stays.
   */
  pay: ReturnType<typeof usePayOrder>;
  /** `note` says what became of keeping the card, when that was asked for. */
  onPaid(order: OrderDetail, note: string | null): void;
  /** A refused payment: the page checks whether the order can still be paid. */
  onFailed(): void;
}

const CARD_FIELDS = ['number', 'expMonth', 'expYear', 'cvc', 'holderName'] as const;
/** The card check: loaded as the form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/payment-check'));
const timeOf = (epochMs: number) => new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function PaymentStep({ order, total, onEditShipping, pay, onPaid, onFailed }: PaymentStepProps) {
  const par = useSessionStore((s) => s.user?.parAmount ?? 0);
  const cards = useSavedCards();
  const [picked, setPicked] = useState<PaymentChoice | null>(null);
  const [card, setCard] = useState<CardDraft>(EMPTY_CARD);
  // Keeping the card is the member's choice, off until ticked.
  const [keepCard, setSaveCard] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const alertRef = useRef<HTMLDivElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const amount = total ?? order.total;
  // Until the saved cards are known, nothing is pre-chosen: the choice would jump when they arrive.
  const choice = picked ?? (cards.data ? defaultChoice(amount, par, cards.data) : cards.isError ? { kind: 'new' as const } : null);
  // A second press while the check loads (the first submit) pays nothing more.
  const checking = useRef(false);
  // After a first submit the card is checked again as the member types (the check is loaded by then).
  const shownCheck = submitted ? checks.loaded()?.checkCard(card) : undefined;
  const cardErrors: FieldErrors = { ...serverErrors, ...(shownCheck && !shownCheck.ok ? shownCheck.errors : {}) };

  const submit = async () => {
    if (!choice || pay.isPending || checking.current) return;
    let cardCheck: CardCheck | null = null;
    if (choice.kind === 'new') {
      checking.current = true;
      const loaded = await checks.ready();
      checking.current = false;
      if (!loaded) {
        setServerErrors({});
        setLoadFailed(true);
        return;
      }
      cardCheck = loaded.checkCard(card);
    }
    setLoadFailed(false);
    setSubmitted(true);
    if (cardCheck && !cardCheck.ok) {
      const first = CARD_FIELDS.find((field) => cardCheck.errors[field]);
      if (first) document.getElementById(cardFieldId(first))?.focus();
      return;
    }
    pay.mutate(
      { orderNo: order.orderNo, choice, card: cardCheck?.ok ? cardCheck.data : null, saveCard: choice.kind === 'new' && keepCard },
      {
        onSuccess: (result) => onPaid(result.order, result.cardNote),
        onError: (error) => {
          setServerErrors(isApiFailure(error) ? errorsFromServer(error.fields) : {});
          onFailed();
          requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
        },
      },
    );
  };

  const s = order.shipping;
  return (
    <>
      <Panel title="Shipping to">
        <div className={styles.shipTo}>
          <address>
            <strong>{s.shipping_name}</strong>
            {shippingLines(s).map((line) => (
              <span key={line} className={styles.addressLine}>
                {line}
              </span>
            ))}
            <span className={styles.addressLine}>
              {s.shipping_email} · {s.shipping_contact}
            </span>
          </address>
          <Button variant="secondary" size="sm" onClick={onEditShipping} disabled={pay.isPending}>
            Edit
          </Button>
        </div>
        {order.note && <p className={styles.hold}>Note: {order.note}</p>}
      </Panel>

      <Panel title="Payment" description={order.expiresAt ? `Your items are reserved until ${timeOf(order.expiresAt)}. Pay before then to keep them.` : undefined}>
        <PaymentForm
          total={total}
          parBalance={par}
          cards={cards.isError ? [] : cards.data}
          choice={choice}
          onChoice={(next) => {
            setPicked(next);
            pay.reset();
          }}
          card={card}
          onCard={(change) => {
            setCard((c) => ({ ...c, ...change }));
            const edited = Object.keys(change);
            setServerErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => !edited.includes(field))));
          }}
          cardErrors={cardErrors}
          saveCard={keepCard}
          onSaveCard={setSaveCard}
          onSubmit={() => void submit()}
          onUse={checks.warm}
          footer={
            <div className={styles.footer}>
              <div ref={alertRef}>
                <ErrorNotice message={loadFailed ? `The card ${CHECK_NOT_LOADED}` : pay.isError ? `${failureMessage(pay.error)} Try again, or choose another way to pay.` : null} />
              </div>
              <Button type="submit" size="lg" block disabled={total === undefined || !choice} aria-disabled={pay.isPending || undefined}>
                {pay.isPending ? 'Paying…' : total === undefined ? 'Pay' : `Pay ${priceText(total)}`}
              </Button>
            </div>
          }
        />
      </Panel>
    </>
  );
}
