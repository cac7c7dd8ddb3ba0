import type { OrderDetail } from '@parmeta/contracts';
import { shippingLines } from '@/lib/shipping-lines';
import styles from './shipping-address.module.css';

interface ShippingAddressProps {
  shipping: OrderDetail['shipping'];
  /** The style of the e-mail and phone lines, where the page has its own for small print. */
  contactClassName?: string | undefined;
}

/** Where an order goes: the name, the address lines, then the e-mail and phone in small print. */
export function ShippingAddress({ shipping, contactClassName = styles.contact }: ShippingAddressProps) {
  return (
    <address className={styles.address}>
      <strong>{shipping.shipping_name}</strong>
      {shippingLines(shipping).map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span className={contactClassName}>{shipping.shipping_email}</span>
      <span className={contactClassName}>{shipping.shipping_contact}</span>
    </address>
  );
}
