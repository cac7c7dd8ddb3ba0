import '@/styles/browse.css';
import { PAR_HELP_ANSWER, PAR_HELP_QUESTION } from './par-help-text';

/**
 * "What is par?" where prices first show (the shop, a product, the market): the answer opens in
 * place, as a native disclosure, so it needs no script and a keyboard or screen reader gets it
 * as any other button. Styled by styles/browse.css: page.html's early script draws the same.
 */
export function ParHelp({ className }: { className?: string }) {
  return (
    <details className={['par-help', className].filter(Boolean).join(' ')}>
      <summary className="par-help-summary">{PAR_HELP_QUESTION}</summary>
      <p className="par-help-answer">{PAR_HELP_ANSWER}</p>
    </details>
  );
}
