import { ADDRESS_LABEL_MAX, ADDRESS_LABELS } from '@parmeta/contracts';
import { useId, useState } from 'react';
import { Field } from '@/components/ui';
import { fieldMessage } from '@/lib/form-errors';
import styles from './address-label-field.module.css';

interface AddressLabelFieldProps {
  value: string;
  onChange(label: string): void;
  error?: string | undefined;
}

const isPreset = (label: string) => (ADDRESS_LABELS as readonly string[]).includes(label);

/** Home, Office, or a word of one's own: how the address is named wherever it is shown. */
export function AddressLabelField({ value, onChange, error }: AddressLabelFieldProps) {
  const name = useId();
  const [other, setOther] = useState(() => value !== '' && !isPreset(value));
  const choose = (choice: string) => {
    setOther(choice === 'other');
    onChange(choice === 'other' ? '' : choice);
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Label</legend>
      <div className={styles.choices}>
        {ADDRESS_LABELS.map((label) => (
          <label key={label} className={styles.choice}>
            <input type="radio" name={name} checked={!other && value === label} onChange={() => choose(label)} />
            {label}
          </label>
        ))}
        <label className={styles.choice}>
          <input type="radio" name={name} checked={other} onChange={() => choose('other')} />
          Other
        </label>
      </div>
      {other && <Field label="Your label" maxLength={ADDRESS_LABEL_MAX} hint="For example Parents or Holiday flat" value={value} onChange={(event) => onChange(event.target.value)} error={fieldMessage('The label', error)} />}
    </fieldset>
  );
}
