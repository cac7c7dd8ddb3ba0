import type { Balances } from '@parmeta/contracts';
import { useSearchParams } from '@/lib/search-params';
import { Badge, ButtonLink, PageHeader, Panel, Skeleton, LoadError } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { useLiveWallet } from '../api/use-live-wallet';
import { ActionChooser } from '../components/action-chooser';
import { BalanceCards } from '../components/balance-cards';
import { ConvertAction } from '../components/convert-action';
import { HistoryTab } from '../components/history-tab';
import { LinkedWalletPanel } from '../components/linked-wallet';
import { Payouts } from '../components/payouts';
import { ToMetaAction } from '../components/to-meta-action';
import { TopUpAction } from '../components/top-up-action';
import { WalletTabs } from '../components/wallet-tabs';
import { WithdrawAction } from '../components/withdraw-action';
import { readAction, type WalletActionId } from '../model/actions';
import { parseHistoryParams } from '../model/history-filter';
import styles from './wallet-page.module.css';

const MEMBER_CLASSES = { standard: 'Standard', silver: 'Silver', gold: 'Gold', platinum: 'Platinum' } as const;

/**
 * The wallet: the balances on top, then one thing at a time. "Move money" offers the four
 * actions and opens one on its own (top up, move to meta, convert points, withdraw), each with a
 * review before anything moves; "History" lists every movement with filters and a CSV download.
 * Sections about the member's wallets (a linked external wallet, for instance) go under the
 * actions on the Move money tab, and the withdrawal's destination is its own component
 * (destination-field.tsx).
 */
export default function WalletPage() {
  const [params] = useSearchParams();
  const wallet = useLiveWallet();
  const balances = wallet.data?.balances;
  const tab = params.get('tab') === 'history' ? 'history' : 'actions';
  const action = tab === 'actions' ? readAction(params.get('action')) : null;

  return (
    <>
      <PageHeader
        title="Wallet"
        documentTitle={action ? `${action.title} · Wallet` : tab === 'history' ? 'History · Wallet' : 'Wallet'}
        description="Your par, meta and premium points. Pick one thing to do: every transfer shows what it will do before it is sent."
        actions={
          <ButtonLink to="/my-nfts" variant="secondary">
            My NFTs
          </ButtonLink>
        }
      />
      <div className={styles.page}>
        {wallet.isError && !wallet.data ? (
          <LoadError what="your balances" error={wallet.error} onRetry={() => void wallet.refetch()} />
        ) : (
          <section aria-labelledby="balances-heading" className={styles.balances}>
            <h2 id="balances-heading" className="sr-only">
              Balances
            </h2>
            <BalanceCards balances={balances} />
            <p className={styles.meta}>
              {wallet.data ? (
                <>
                  <Badge tone={wallet.data.memberClass === 'standard' ? 'neutral' : wallet.data.memberClass}>{MEMBER_CLASSES[wallet.data.memberClass]} member</Badge>
                  <span>
                    Wallet ID <span className={styles.walletId}>{wallet.data.walletId}</span>
                  </span>
                </>
              ) : (
                <Skeleton width={280} height={18} />
              )}
            </p>
          </section>
        )}
        <WalletTabs current={tab} />
        {tab === 'history' ? (
          <HistoryTab view={parseHistoryParams(params)} />
        ) : action ? (
          <div className={styles.action}>
            <BackLink to="/wallet">All actions</BackLink>
            {/* Keyed: another action, or the same one opened again, starts from an empty form. */}
            <Panel key={action.id} title={action.title} description={action.about}>
              <ActionView id={action.id} balances={balances} />
            </Panel>
            {action.id === 'withdraw' && <Payouts />}
          </div>
        ) : (
          <>
            <ActionChooser balances={balances} />
            <LinkedWalletPanel />
          </>
        )}
      </div>
    </>
  );
}

function ActionView({ id, balances }: { id: WalletActionId; balances: Balances | undefined }) {
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
