import { useEffect, useState } from 'react';

// Browser wallets as pages see them: EIP-1193 providers, found through EIP-6963 announcements
// (several wallets side by side), with window.ethereum as the fallback for older wallets.

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

export interface InjectedWallet {
  /** EIP-6963 provider info; the fallback gets a made-up one. */
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

interface AnnounceEvent extends Event {
  detail: InjectedWallet;
}

export const FALLBACK_RDNS = 'window.ethereum';

/**
 * The wallets in this browser, as they announce themselves (a wallet may announce late: the
 * list grows). window.ethereum is added only when no wallet announced through EIP-6963.
 */
export function useInjectedWallets(): { wallets: InjectedWallet[]; searching: boolean } {
  const [announced, setAnnounced] = useState<InjectedWallet[]>([]);
  const [searching, setSearching] = useState(true);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const { detail } = event as AnnounceEvent;
      if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return;
      setAnnounced((list) => (list.some((w) => w.info.uuid === detail.info.uuid) ? list : [...list, { info: detail.info, provider: detail.provider }]));
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    // Wallets answer at once; a short wait separates "none" from "not yet".
    const timer = window.setTimeout(() => setSearching(false), 400);
    return () => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      window.clearTimeout(timer);
    };
  }, []);
  const legacy = (window as { ethereum?: Eip1193Provider }).ethereum;
  const wallets = announced.length === 0 && legacy ? [{ info: { uuid: FALLBACK_RDNS, name: 'Browser wallet', icon: '', rdns: FALLBACK_RDNS }, provider: legacy }] : announced;
  return { wallets, searching: searching && wallets.length === 0 };
}

/** Asks the wallet to connect (it may show its own prompt); answers the selected account. */
export async function connectAccount(provider: Eip1193Provider): Promise<string> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (!accounts[0]) throw new Error('The wallet shared no account.');
  return accounts[0];
}

/** The account the wallet currently exposes to this site, without a prompt; null when not connected. */
export async function currentAccount(provider: Eip1193Provider): Promise<string | null> {
  const accounts = (await provider.request({ method: 'eth_accounts' })) as string[];
  return accounts[0] ?? null;
}

export async function currentChainId(provider: Eip1193Provider): Promise<number> {
  return Number.parseInt(String(await provider.request({ method: 'eth_chainId' })), 16);
}

/** EIP-191 personal_sign of a text message by `address`; answers the 0x signature. */
export async function signText(provider: Eip1193Provider, address: string, message: string): Promise<string> {
  const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  return String(await provider.request({ method: 'personal_sign', params: [hex, address] }));
}

/** The wallet's own refusal (EIP-1193 code 4001: the person said no) in plain words, else null. */
export function walletRefusal(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 4001) return 'You declined the request in your wallet.';
  if (code === -32002) return 'Your wallet is already showing a request. Open it to answer.';
  return null;
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** 0x1234…abcd, for tight spaces; the full address is in the title or a label. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
