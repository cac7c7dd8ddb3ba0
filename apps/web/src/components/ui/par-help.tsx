import styles from './par-help.module.css';

/**
 * "What is par?" where prices first show (the shop, a product, the market): the answer opens in
 * place, as a native disclosure, so it needs no script and a keyboard or screen reader gets it
 * as any other button.
 */
export function ParHelp({ className }: { className?: string }) {
  return (
    <details className={[styles.help, className].filter(Boolean).join(' ')}>
      <summary className={styles.summary}>What is par?</summary>
      <p className={styles.answer}>
        Par is the shop’s own credit, and every price here is in par: 1 par is worth 1 USD. Pay with your par balance or by card at checkout, and top up par by card in your
        wallet. A refund goes back to where you paid from.
      </p>
    </details>
  );
}
