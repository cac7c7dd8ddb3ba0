import { PASSWORD_MIN } from '@parmeta/contracts';
import { Progress } from '@/components/ui';
import { passwordStrength } from '../model/password-strength';
import styles from './password-strength.module.css';

/** The hint under a new password: a length bar toward 15 characters, its count in words, and a warning. */
export function PasswordStrengthHint({ password, userName, email }: { password: string; userName?: string; email?: string }) {
  const strength = passwordStrength(password, { userName, email });
  return (
    <span className={styles.hint}>
      {/* The words say the same for screen readers; the bar is for the eye. */}
      <span aria-hidden="true">
        <Progress label="Password length" value={strength.length} max={PASSWORD_MIN} />
      </span>
      <span>{strength.text}</span>
      {strength.warning && <span className={styles.warning}>{strength.warning}</span>}
    </span>
  );
}
