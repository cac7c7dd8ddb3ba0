import { lazy, Suspense } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { Badge, ButtonLink, PageHeader, Panel, Skeleton, LoadError } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import { useSessionStore } from '@/lib/session-store';
import { useLiveWallet } from '../api/use-live-wallet';
import { ActionChooser } from '../components/action-chooser';
import { BalanceCards } from '../components/balance-cards';
import { LinkedWalletPanel } from '../components/linked-wallet';
import { WalletTabs } from '../components/wallet-tabs';
import { readAction } from '../model/actions';
import { loadActionView, loadHistoryTab } from '../model/lazy-views';
import { parseHistoryParams } from '../model/history-filter';
import styles from './wallet-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

const ActionView = lazy(() => loadActionView().then((m) => ({ default: m.ActionView })));
const Payouts = lazy(() => loadActionView().then((m) => ({ default: m.Payouts })));
const HistoryTab = lazy(() => loadHistoryTab().then((m) => ({ default: m.HistoryTab })));

/** While a view's chunk loads. */
const viewLoading = (label: string, height: number) => (
  <div role="status" aria-label={label}>
    <Skeleton height={height} />
  </div>
);

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
  // The class and wallet ID are in the signed-in user's detail too (kept by the session store):
  // shown from it until the wallet answers, the line has its final size at once (on a phone the
  // ID wraps to two lines, and a one-line skeleton pushed everything below down).
  const known = useSessionStore((s) => s.user);
  const account = wallet.data ?? (known?.walletId ? known : null);
  const tab = params.get('tab') === 'history' ? 'history' : 'actions';
  const action = tab === 'actions' ? readAction(params.get('action')) : null;

  return (
    <>
      <PageHeader
        {...PAGE_HEADS['/wallet']}
        documentTitle={action ? `${action.title} · Wallet` : tab === 'history' ? 'History · Wallet' : 'Wallet'}
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
              {account ? (
                <>
                  <Badge tone={account.memberClass === 'standard' ? 'neutral' : account.memberClass}>{MEMBER_CLASSES[account.memberClass]} member</Badge>
                  <span>
                    Wallet ID <span className={styles.walletId}>{account.walletId}</span>
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
          <Suspense fallback={viewLoading('Loading your history', 320)}>
            <HistoryTab view={parseHistoryParams(params)} />
          </Suspense>
        ) : action ? (
          <div className={styles.action}>
            <BackLink to="/wallet">All actions</BackLink>
            {/* Keyed: another action, or the same one opened again, starts from an empty form. */}
            <Panel key={action.id} title={action.title} description={action.about}>
              <Suspense fallback={viewLoading('Loading the form', 240)}>
                <ActionView id={action.id} balances={balances} />
              </Suspense>
            </Panel>
            {action.id === 'withdraw' && (
              <Suspense fallback={null}>
                <Payouts />
              </Suspense>
            )}
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
