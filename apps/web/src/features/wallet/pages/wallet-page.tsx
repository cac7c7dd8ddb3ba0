import { Badge, ButtonLink, PageHeader, Skeleton, LoadError } from '@/components/ui';
import { useLiveWallet } from '../api/use-live-wallet';
import { BalanceCards } from '../components/balance-cards';
import { History } from '../components/history';
import { LinkedWalletPanel } from '../components/linked-wallet';
import { ParToMetaForm } from '../components/par-to-meta-form';
import { Payouts } from '../components/payouts';
import { PremiumToParForm } from '../components/premium-to-par-form';
import { TopUpForm } from '../components/top-up-form';
import { WithdrawForm } from '../components/withdraw-form';
import styles from './wallet-page.module.css';

const MEMBER_CLASSES = { standard: 'Standard', silver: 'Silver', gold: 'Gold', platinum: 'Platinum' } as const;

export default function WalletPage() {
  const wallet = useLiveWallet();
  const balances = wallet.data?.balances;
  return (
    <>
      <PageHeader
        title="Wallet"
        description="Your par, meta and premium balances, with top-ups, transfers, conversions and the history of every movement."
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
        <LinkedWalletPanel />
        <div className={styles.grid}>
          <div className={styles.topUp}>
            <TopUpForm />
          </div>
          <div className={styles.transfers}>
            <ParToMetaForm balances={balances} />
            <PremiumToParForm balances={balances} />
          </div>
          <div className={styles.history}>
            <History />
          </div>
          <div className={styles.withdraw}>
            <WithdrawForm balances={balances} />
          </div>
          <div className={styles.payouts}>
            <Payouts />
          </div>
        </div>
      </div>
    </>
  );
}
