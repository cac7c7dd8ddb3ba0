import { Field } from '@/components/ui';
import type { ChangeEvent } from 'react';

export interface DestinationFieldProps {
  /** The field's name in its form ("destination"), so the form can focus it when it needs fixing. */
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * Where a withdrawal goes: a bank account (IBAN) or an external 0x wallet, typed. Its own
 * component so a picker of the member's saved or linked destinations can take its place
 * without touching the withdrawal's steps: it only has to hand back the same text.
 */
export function DestinationField({ name, value, error, onChange }: DestinationFieldProps) {
  return (
    <Field
      label="Destination"
      name={name}
      autoComplete="off"
      spellCheck={false}
      hint="A bank account number (IBAN, such as DE89 3704 0044 0532 0130 00) or a 0x wallet address of 40 hex digits."
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
