import { WALLET_POLL_MS } from '@parmeta/contracts';
import { useCallback, useEffect, useState } from 'react';
import { currentAccount, currentChainId, type Eip1193Provider } from '@/lib/injected-wallets';

export interface WalletAccount {
  /** The account the wallet exposes to this site now; null: not connected. */
  account: string | null;
  chainId: number | null;
}

/**
 * What the wallet is on right now: asked every WALLET_POLL_MS (the original's wallet provider
 * interval) while the page is open, and at once when the wallet says its account or chain
 * changed (EIP-1193 accountsChanged / chainChanged).
 */
export function useWalletAccount(provider: Eip1193Provider | undefined): WalletAccount & { refresh(): void } {
  const [state, setState] = useState<WalletAccount>({ account: null, chainId: null });
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!provider) return;
    let live = true;
    const read = async () => {
      try {
        const [account, chainId] = await Promise.all([currentAccount(provider), currentChainId(provider)]);
        if (live) setState((old) => (old.account === account && old.chainId === chainId ? old : { account, chainId }));
      } catch {
        // A wallet that is locked or busy answers nothing new; the next poll asks again.
      }
    };
    const onChange = () => void read();
    void read();
    const timer = window.setInterval(onChange, WALLET_POLL_MS);
    provider.on?.('accountsChanged', onChange);
    provider.on?.('chainChanged', onChange);
    return () => {
      live = false;
      window.clearInterval(timer);
      provider.removeListener?.('accountsChanged', onChange);
      provider.removeListener?.('chainChanged', onChange);
    };
  }, [provider, asked]);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  return { ...(provider ? state : { account: null, chainId: null }), refresh };
}
