import { ButtonLink, CartIcon, EmptyState, PageHeader } from '@/components/ui';
import { useCartCount } from '@/lib/session-store';

export default function CartPage() {
  const count = useCartCount();
  return (
    <>
      <PageHeader title="Your cart" description="Review the products in your cart, change their quantities and go on to checkout." />
      {count === 0 ? (
        <EmptyState
          title="Your cart is empty"
          icon={<CartIcon />}
          action={
            <ButtonLink to="/shop" variant="primary">
              Browse the shop
            </ButtonLink>
          }
        >
          Products you add from the shop wait for you here, even after you close the browser.
        </EmptyState>
      ) : (
        <p>
          You have {count} {count === 1 ? 'item' : 'items'} in your cart.
        </p>
      )}
    </>
  );
}
