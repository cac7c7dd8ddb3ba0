import { useId, useState } from 'react';
import { MinusIcon } from './commerce-icons';
import { PlusIcon } from './action-icons';
import styles from './quantity-stepper.module.css';

interface QuantityStepperProps {
  /** Names the control for assistive technology, e.g. "Quantity of Aurora Headphones". */
  label: string;
  /** Show the label above the control instead of only to screen readers. */
  showLabel?: boolean;
  value: number;
  /** The lowest value the buttons reach. 0 lets "−" at 1 ask for removal. */
  min?: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
  /** Error or hint text id(s) that describe the control. */
  describedBy?: string | undefined;
  invalid?: boolean;
  id?: string;
}

/**
 * − [n] +: whole numbers between min and max. Typing is allowed; the value is committed on
 * blur or Enter and clamped to the bounds, so the input never holds an impossible count.
 */
export function QuantityStepper({ label, showLabel = false, value, min = 1, max, onChange, disabled = false, describedBy, invalid, id }: QuantityStepperProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  // What the user is typing, until it is committed; otherwise the input shows the value
  // itself, so a button press shows its new number in the same render.
  const [draft, setDraft] = useState<string | null>(null);

  const upper = Math.max(min, max);
  const commit = (raw: string) => {
    const parsed = Number.parseInt(raw, 10);
    setDraft(null);
    if (!Number.isFinite(parsed)) return;
    const next = Math.min(Math.max(parsed, min), upper);
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.wrap}>
      <label htmlFor={inputId} className={showLabel ? styles.label : 'sr-only'}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.step}
          aria-label={`Decrease ${label.toLowerCase()}`}
          aria-controls={inputId}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          <MinusIcon size={18} />
        </button>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={draft ?? String(value)}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget.value);
            } else if (event.key === 'ArrowUp' && value < upper) {
              event.preventDefault();
              setDraft(null);
              onChange(value + 1);
            } else if (event.key === 'ArrowDown' && value > min) {
              event.preventDefault();
              setDraft(null);
              onChange(value - 1);
            }
          }}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={`Increase ${label.toLowerCase()}`}
          aria-controls={inputId}
          disabled={disabled || value >= upper}
          onClick={() => onChange(value + 1)}
        >
          <PlusIcon size={18} />
        </button>
      </div>
    </div>
  );
}
