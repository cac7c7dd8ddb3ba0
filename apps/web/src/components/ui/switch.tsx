import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './switch.module.css';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: string;
  /** A sentence under the label saying what on and off mean. */
  description?: ReactNode;
}

/** An on/off setting: a checkbox announced as a switch, the whole row clickable. */
export function Switch({ label, description, id, className, ...input }: SwitchProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={[styles.row, className].filter(Boolean).join(' ')}>
      <input id={inputId} type="checkbox" role="switch" className={styles.input} aria-describedby={descriptionId} {...input} />
      <label htmlFor={inputId} className={styles.text}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.label}>{label}</span>
      </label>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
    </div>
  );
}
