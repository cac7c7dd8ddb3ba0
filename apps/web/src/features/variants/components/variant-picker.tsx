import type { ProductOption, ProductVariant } from '@parmeta/contracts';
import { useId } from 'react';
import { canPick, isSoldOut, type Choice } from '../model/variant-choice';
import styles from './variant-picker.module.css';

interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  choice: Choice;
  onChoose(index: number, value: string): void;
}

/**
 * One group of choices per option (Size, Colour, ...), as radio buttons: the arrow keys move
 * within a group and a screen reader hears "M, radio, 2 of 4". A value the shop does not make
 * with the other choices is shown, disabled, as "unavailable"; one whose variants are all sold
 * out is marked "sold out" and can still be chosen, to ask to hear when it is back.
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
              const soldOut = available && isSoldOut(variants, choice, index, value);
              const id = `${base}-${index}-${value}`;
              return (
                <label key={value} htmlFor={id} className={[styles.value, available ? (soldOut ? styles.soldOut : '') : styles.unavailable].join(' ')}>
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
                  {!available ? <span className={styles.tag}>unavailable</span> : soldOut ? <span className={styles.tag}>sold out</span> : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
