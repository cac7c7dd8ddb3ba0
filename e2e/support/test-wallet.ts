import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const WALLET_INFO = {
  uuid: '5f1c7f1e-6c1b-4a77-9a55-0e2f6b3c9a10',
  name: 'Test Wallet',
  rdns: 'test.parmeta.wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="6" fill="%234f46e5"/%3E%3C/svg%3E',
};

/**
 * What the page gets: an EIP-1193 provider announced through EIP-6963 (and only there: no
 * window.ethereum), whose every request is answered by the test's TestWallet in Node.
 */
const PAGE_SCRIPT = `(() => {
  const listeners = {};
  const provider = {
    isTestWallet: true,
    request: ({ method, params }) => window.__testWalletRequest(method, params ?? []),
    on: (event, fn) => { (listeners[event] ??= new Set()).add(fn); },
    removeListener: (event, fn) => { listeners[event]?.delete(fn); },
  };
  window.__testWalletEmit = (event, payload) => { for (const fn of listeners[event] ?? []) fn(payload); };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: ${JSON.stringify(WALLET_INFO)}, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;

/**
 * A browser wallet for journeys: the EIP-6963 provider above, backed here by a real secp256k1
 * key (viem's local account), so the server checks real EIP-191 signatures. The test can switch
 * the exposed account, sign with another key, or change the chain, as a person would in a wallet.
 */
export class TestWallet {
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());
  /** The key that signs: the account's own unless a test makes it an impostor. */
  signer: PrivateKeyAccount = this.account;
  chainId = 1;
  /** Whether the site was connected (eth_requestAccounts); real wallets remember it across reloads. */
  connected = false;
  readonly signed: string[] = [];

  async install(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__testWalletRequest', (_source, method: string, params: unknown[]) => this.request(method, params));
    await context.addInitScript(PAGE_SCRIPT);
  }

  /** Signs a text message as this wallet's key: for tests that rewrite a request on its way. */
  sign(message: string): Promise<string> {
    return this.account.signMessage({ message });
  }

  /** Another account in the wallet, as if the person switched; the page hears accountsChanged only when `tell`. */
  async switchTo(page: Page, next: PrivateKeyAccount, { tell = true } = {}): Promise<void> {
    this.account = next;
    this.signer = next;
    if (tell) await page.evaluate((address) => (window as unknown as { __testWalletEmit(e: string, p: unknown): void }).__testWalletEmit('accountsChanged', [address]), next.address);
  }

  private async request(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        this.connected = true;
        return [this.account.address.toLowerCase()];
      case 'eth_accounts':
        return this.connected ? [this.account.address.toLowerCase()] : [];
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`;
      case 'personal_sign': {
        const [hex, address] = params as [`0x${string}`, string];
        if (address.toLowerCase() !== this.account.address.toLowerCase()) throw new Error('personal_sign for an account this wallet does not expose');
        this.signed.push(Buffer.from(hex.slice(2), 'hex').toString('utf8'));
        return this.signer.signMessage({ message: { raw: hex } });
      }
      default:
        throw new Error(`Test wallet: ${method} is not supported`);
    }
  }
}
