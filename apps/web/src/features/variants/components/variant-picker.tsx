import type { ProductOption, ProductVariant } from '@parmeta/contracts';
import { useId } from 'react';
import { canPick, type Choice } from '../model/variant-choice';
import styles from './variant-picker.module.css';

interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  choice: Choice;
  onChoose(index: number, value: string): void;
}

/**
 * One group of choices per option (Size, Colour, ...), as radio buttons: the arrow keys move
 * within a group and a screen reader hears "M, radio, 2 of 4". A value that cannot lead to
 * anything in stock with the other choices made is shown, disabled, as "sold out".
 */
export function VariantPicker({ options, variants, choice, onChoose }: VariantPickerProps) {
  const base = useId();
  return (
    <div className={styles.picker}>
      {options.map((option, index) => (
        <fieldset key={option.name} className={styles.group}>
          <legend className={styles.legend}>
            {option.name}
            {choice[index] ? <span className={styles.picked}>: {choice[index]}</span> : null}
          </legend>
          <div className={styles.values}>
            {option.values.map((value) => {
              const available = canPick(variants, choice, index, value);
              const id = `${base}-${index}-${value}`;
              return (
                <label key={value} htmlFor={id} className={[styles.value, available ? '' : styles.soldOut].join(' ')}>
                  <input
                    id={id}
                    type="radio"
                    name={`${base}-${index}`}
                    value={value}
                    className={styles.radio}
                    checked={choice[index] === value}
                    disabled={!available}
                    onChange={() => onChoose(index, value)}
                  />
                  <span className={styles.text}>{value}</span>
                  {!available && <span className={styles.tag}>sold out</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
