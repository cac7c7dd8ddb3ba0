import { useState } from 'react';
import { Badge, Button, ConfirmDialog, ErrorNotice, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { sameAddress, useInjectedWallets, walletRefusal, type InjectedWallet } from '@/lib/injected-wallets';
import { useLinkedWallet, useLinkWallet, useUnlinkWallet } from '../api/linked-wallet';
import { formatDateTime } from '../model/date-time';
import { useWalletAccount } from '../model/use-wallet-account';
import styles from './linked-wallet.module.css';

/** Chains a member is likely on, by EIP-155 id; any other shows its number. */
const CHAINS: Record<number, string> = { 1: 'Ethereum', 10: 'OP Mainnet', 56: 'BNB Smart Chain', 137: 'Polygon', 8453: 'Base', 42161: 'Arbitrum One', 11155111: 'Sepolia' };
const chainName = (id: number) => CHAINS[id] ?? `chain ${id}`;

const problemOf = (error: unknown) => walletRefusal(error) ?? failureMessage(error, { fieldsHint: false });

/**
 * The member's external wallet: link one from the browser (EIP-6963 wallets, or window.ethereum)
 * by signing a Sign-In with Ethereum message, see whether the wallet is still on the linked
 * address (checked every 12 seconds and on the wallet's own events), and unlink it.
 */
export function LinkedWalletPanel() {
  const linked = useLinkedWallet();
  const { wallets, searching } = useInjectedWallets();
  const link = useLinkWallet();
  const unlink = useUnlinkWallet();
  const [chosen, setChosen] = useState<InjectedWallet | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const watched = chosen ?? wallets[0];
  const { account, chainId, refresh } = useWalletAccount(watched?.provider);

  const onLink = (wallet: InjectedWallet) => {
    setNotice('');
    setChosen(wallet);
    link.mutate(wallet.provider, {
      onSuccess: ({ msg }) => {
        setNotice(msg);
        // Linking connected the wallet to this site: show its state now rather than at the next poll.
        refresh();
      },
    });
  };
  const onUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: ({ msg }) => {
        setConfirming(false);
        setNotice(msg);
      },
    });

  return (
    <Panel title="Linked wallet" description="Link a wallet from your browser, such as MetaMask, to prove it is yours. You can then withdraw to it and sign in with it.">
      <div className={styles.body}>
        <SuccessNotice message={notice} />
        {linked.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading your linked wallet" className={styles.loading}>
            <Skeleton height={20} width="70%" />
            <Skeleton height={36} width={180} />
          </div>
        ) : linked.isError ? (
          <LoadError what="your linked wallet" error={linked.error} onRetry={() => void linked.refetch()} />
        ) : linked.data ? (
          <>
            <dl className={styles.details}>
              <div>
                <dt>Address</dt>
                <dd className={styles.address} data-testid="linked-address">
                  {linked.data.address}
                </dd>
              </div>
              <div>
                <dt>Linked</dt>
                <dd>
                  {formatDateTime(linked.data.linkedAt)} on {chainName(linked.data.chainId)}
                </dd>
              </div>
            </dl>
            <WalletStatus linkedAddress={linked.data.address} account={account} chainId={chainId} walletName={watched?.info.name} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Unlink wallet
              </Button>
            </div>
          </>
        ) : (
          <>
            <ErrorNotice message={link.isError ? problemOf(link.error) : null} />
            {searching ? (
              <p className={styles.muted}>Looking for wallets in your browser…</p>
            ) : wallets.length === 0 ? (
              <p className={styles.muted}>No wallet found in this browser. Install a wallet extension such as MetaMask, then reload this page.</p>
            ) : (
              <ul className={styles.wallets} aria-label="Wallets in this browser">
                {wallets.map((wallet) => (
                  <li key={wallet.info.uuid}>
                    <Button variant="secondary" onClick={() => onLink(wallet)} disabled={link.isPending}>
                      {wallet.info.icon && <img src={wallet.info.icon} alt="" width={20} height={20} className={styles.icon} />}
                      {link.isPending && chosen === wallet ? 'Waiting for your wallet…' : `Link ${wallet.info.name}`}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <p className={styles.muted}>Your wallet asks you to sign a message. Signing is free and moves no funds.</p>
          </>
        )}
      </div>
      {confirming && linked.data && (
        <ConfirmDialog
          title="Unlink this wallet?"
          description={`${linked.data.address} will no longer be linked to your account. You can no longer sign in with it or pick it for withdrawals until you link it again.`}
          confirmLabel="Unlink wallet"
          busyLabel="Unlinking…"
          busy={unlink.isPending}
          error={unlink.isError ? failureMessage(unlink.error) : null}
          onConfirm={onUnlink}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Panel>
  );
}

function WalletStatus({ linkedAddress, account, chainId, walletName }: { linkedAddress: string; account: string | null; chainId: number | null; walletName: string | undefined }) {
  if (!walletName) return <p className={styles.muted}>No wallet found in this browser right now.</p>;
  if (!account) return <p className={styles.muted}>{walletName} is not connected to this site.</p>;
  const matches = sameAddress(account, linkedAddress);
  const chain = chainId ? ` on ${chainName(chainId)}` : '';
  return (
    <div className={styles.status} role="status">
      {matches ? <Badge tone="success">Connected</Badge> : <Badge tone="gold">Not the linked address</Badge>}
      <span>{matches ? `${walletName} is on your linked address${chain}.` : `${walletName} is on ${account}${chain}, not your linked address. Switch accounts in your wallet to use it.`}</span>
    </div>
  );
}
