import type { Balances } from '@parmeta/contracts';
import type { WalletActionId } from '../model/actions';
import { ConvertAction } from './convert-action';
import { ToMetaAction } from './to-meta-action';
import { TopUpAction } from './top-up-action';
import { WithdrawAction } from './withdraw-action';

export { Payouts } from './payouts';

/**
 * One money action's form. Its own chunk (loaded by wallet-page.tsx when an action opens, and
 * fetched as the pointer or focus reaches its link): the forms bring zod, the contracts' schemas
 * and the card fields, ~50 kB gzip the wallet's first view does not show.
 */
export function ActionView({ id, balances }: { id: WalletActionId; balances: Balances | undefined }) {
  switch (id) {
    case 'top-up':
      return <TopUpAction balances={balances} />;
    case 'to-meta':
      return <ToMetaAction balances={balances} />;
    case 'convert':
      return <ConvertAction balances={balances} />;
    case 'withdraw':
      return <WithdrawAction balances={balances} />;
  }
}
