import type { ServerCart } from '@parmeta/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { failedWith } from '@/lib/call-api';
import { firstScreenShown } from '@/lib/first-screen';
import { cartOwnerKey, useSessionStore } from '@/lib/session-store';
import { asChanges, cartChanges, fromServer, sameLines, type CartChange } from '../model/cart-changes';
import { getServerCart, serverCartQueryKey, updateServerCart } from './server-cart';

/**
 * Keeps the browser's cart and the account's cart on the server together (docs/decisions/0021).
 *
 * - Claim (signing in, or a cart changed without a session): the browser's lines are merged
 *   into the server's by the original's rule, and the answer becomes the browser's list. A
 *   list another account left behind is dropped, not merged.
 * - Each change made here is sent as it happens, one call after the other, in order.
 * - Pull (each page change, the tab coming back): a newer server copy (another device changed
 *   it) replaces the list, unless changes of this tab are still on their way.
 * The server decides every change under the cart's row lock, so two devices at once both land.
 */
export class CartSync {
  private queue: Promise<void> = Promise.resolve();
  private pushing = 0;
  private applying = false;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  /** How the stored cart names this member (see cartOwnerKey). */
  private readonly owner: string;

  constructor(
    private readonly userName: string,
    private readonly queryClient: QueryClient,
  ) {
    this.owner = cartOwnerKey(userName);
  }

  start(): void {
    this.unsubscribe = useSessionStore.subscribe((state, prev) => {
      if (this.applying || state.cart.list === prev.cart.list || state.cart.owner !== this.owner) return;
      const changes = cartChanges(prev.cart.list, state.cart.list);
      if (changes.length > 0) this.push(changes);
    });
    // A cart that is not this account's yet (just signed in) is claimed at once: the merge must
    // reach the server before the member opens another device. Otherwise the first pull only
    // checks the copy the browser shows already: as a page loads, after its first screen
    // (lib/first-screen.ts).
    if (useSessionStore.getState().cart.owner !== this.owner) {
      this.pull();
      return;
    }
    void firstScreenShown().then(() => {
      if (!this.stopped) this.pull();
    });
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
  }

  /** Brings in the server's copy; claims the cart first when it is not this account's yet. */
  pull(): void {
    this.enqueue(async () => {
      const { cart } = useSessionStore.getState();
      if (cart.owner !== this.owner) {
        const mine = cart.owner === '' ? asChanges(cart.list) : [];
        this.apply(mine.length > 0 ? await updateServerCart(mine) : await getServerCart(), true);
      } else if (this.pushing === 0) {
        this.apply(await getServerCart(), false);
      }
    });
  }

  private push(changes: CartChange[]): void {
    this.pushing++;
    this.enqueue(async () => {
      try {
        const answer = await updateServerCart(changes);
        // Later changes are queued behind this one: their answers will be newer still.
        if (this.pushing === 1) this.apply(answer, false);
        else this.queryClient.setQueryData(serverCartQueryKey(this.userName), answer);
      } catch (error) {
        // Refused (the cart is full): the server's copy is the cart. Not delivered: the next
        // pull merges this list in again.
        if (failedWith(error, 'BUSINESS_RULE')) this.apply(await getServerCart(), true);
        else useSessionStore.setState((s) => ({ cart: { ...s.cart, owner: '' } }));
      } finally {
        this.pushing--;
      }
    });
  }

  private apply(answer: ServerCart, force: boolean): void {
    this.queryClient.setQueryData(serverCartQueryKey(this.userName), answer);
    const store = useSessionStore.getState();
    // Another account signed in meanwhile: this answer is not theirs.
    if (store.user?.userName !== this.userName) return;
    if (!force && store.cart.owner === this.owner && answer.version <= store.cart.version) return;
    const list = fromServer(answer.list);
    this.applying = true;
    try {
      store.setServerCart(this.owner, sameLines(list, store.cart.list) ? store.cart.list : list, answer.version);
    } finally {
      this.applying = false;
    }
  }

  private enqueue(task: () => Promise<void>): void {
    // A failed pull (offline, session over) is tried again at the next page change.
    this.queue = this.queue.then(task).catch(() => undefined);
  }
}
