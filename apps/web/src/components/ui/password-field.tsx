import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
// The look of Field, plus room for the Show/Hide switch inside the input.
import fieldStyles from './field.module.css';
import styles from './password-field.module.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** The message of a failed validation; marks the input invalid and is announced with it. */
  error?: string | undefined;
  /** Shown under the input and announced with it (e.g. a strength hint). */
  hint?: ReactNode;
}

/**
 * A labelled password input with a Show/Hide switch: seeing what one typed is what makes
 * long passphrases practical (NIST SP 800-63B recommends offering it). Hint and error
 * are wired up through aria-describedby, as in Field.
 */
export function PasswordField({ label, error, hint, id, className, ...input }: PasswordFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={`${fieldStyles.input} ${styles.input}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={inputId}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <div id={hintId} className={fieldStyles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
