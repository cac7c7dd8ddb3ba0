import { PASSWORD_MIN, type PasswordStrength } from '@parmeta/contracts';
import { Progress } from '@/components/ui';
import { usePasswordVerdict } from '../api/password-strength';
import { passwordStrength } from '../model/password-strength';
import styles from './password-strength.module.css';

const SCORE_WORDS: Record<number, string> = { 3: 'Good: hard to guess.', 4: 'Strong: very hard to guess.' };

function verdictText(verdict: PasswordStrength): string {
  if (verdict.ok) return SCORE_WORDS[verdict.score] ?? 'Good: hard to guess.';
  return `Password ${verdict.message ?? 'is too easy to guess.'}`;
}

/**
 * The hint under a new password: a length bar toward 15 characters and its count in words, at
 * once; then, once typing pauses, the server's own verdict on how easy it is to guess (the one it
 * applies when the form is sent), with a warning for the user's own name or email meanwhile.
 */
export function PasswordStrengthHint({ password, userName, email, fullName }: { password: string; userName?: string; email?: string; fullName?: string }) {
  const strength = passwordStrength(password, { userName, email });
  const { verdict, pending } = usePasswordVerdict(password, { userName: userName || undefined, email: email || undefined, fullName: fullName || undefined });
  const refused = verdict && !verdict.ok;
  return (
    <span className={styles.hint}>
      {/* The words say the same for screen readers; the bar is for the eye. */}
      <span aria-hidden="true">
        <Progress label="Password length" value={strength.length} max={PASSWORD_MIN} />
      </span>
      <span>{strength.text}</span>
      {strength.warning && <span className={styles.warning}>{strength.warning}</span>}
      <span aria-live="polite" className={refused && !pending ? styles.warning : styles.verdict}>
        {!strength.warning && password.length >= PASSWORD_MIN && (pending ? 'Checking how easy it is to guess…' : verdict ? verdictText(verdict) : '')}
      </span>
    </span>
  );
}
