import type { Envelope, SecondStepRequired, SignInOutcome } from '@parmeta/contracts';
import { useState } from 'react';
import { Button, ErrorNotice } from '@/components/ui';
import { useInjectedWallets, walletRefusal, type InjectedWallet } from '@/lib/injected-wallets';
import { signInWithPasskey, signInWithWallet } from '../api/sign-in';
import styles from './other-ways-in.module.css';

interface OtherWaysInProps {
  onSignedIn(): void;
  onSecondStep(pending: SecondStepRequired['secondStep']): void;
}

/** Sign-in without the password: a passkey, or the wallet linked on the wallet page. */
export function OtherWaysIn({ onSignedIn, onSecondStep }: OtherWaysInProps) {
  const { wallets } = useInjectedWallets();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function attempt(what: string, run: () => Promise<Envelope<SignInOutcome>>, cancelled: string) {
    setFailure(null);
    setBusy(what);
    try {
      const result = await run();
      if (!result.status) return setFailure(result.msg);
      if ('secondStep' in result.data) return onSecondStep(result.data.secondStep);
      onSignedIn();
    } catch (error) {
      setFailure(walletRefusal(error) ?? cancelled);
    } finally {
      setBusy(null);
    }
  }

  const withWallet = (wallet: InjectedWallet) =>
    attempt(wallet.info.uuid, () => signInWithWallet(wallet.provider), 'The wallet sign-in did not finish. Please try again.');

  return (
    <section className={styles.others} aria-labelledby="other-ways">
      <h2 id="other-ways" className={styles.heading}>
        Or sign in without your password
      </h2>
      <ErrorNotice message={failure} />
      <Button variant="secondary" block disabled={busy !== null} onClick={() => void attempt('passkey', signInWithPasskey, 'The passkey sign-in was cancelled, or this device has no passkey for ParMeta Market.')}>
        {busy === 'passkey' ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {wallets.map((wallet) => (
        <Button key={wallet.info.uuid} variant="secondary" block disabled={busy !== null} onClick={() => void withWallet(wallet)}>
          {wallet.info.icon && <img src={wallet.info.icon} alt="" width={20} height={20} className={styles.icon} />}
          {busy === wallet.info.uuid ? 'Waiting for your wallet…' : `Sign in with ${wallet.info.name}`}
        </Button>
      ))}
    </section>
  );
}
