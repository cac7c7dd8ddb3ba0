import { Button, Field } from '@/components/ui';
import { shortAddress } from '@/lib/injected-wallets';
import type { ChangeEvent } from 'react';
import { useLinkedWallet } from '../api/linked-wallet';
import styles from './destination-field.module.css';

export interface DestinationFieldProps {
  /** The field's name in its form ("destination"), so the form can focus it when it needs fixing. */
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  /** Puts a destination in the field (the member's linked wallet). */
  onPick(value: string): void;
}

/**
 * Where a withdrawal goes: a bank account (IBAN) or an external 0x wallet, typed, or the wallet
 * the member linked (Sign-In with Ethereum) at one press. It only hands back the text, so the
 * withdrawal's steps do not know which.
 */
export function DestinationField({ name, value, error, onChange, onPick }: DestinationFieldProps) {
  const linked = useLinkedWallet().data;
  return (
    <>
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
    {linked && (
      <Button variant="secondary" size="sm" className={styles.linked} aria-pressed={value === linked.address} onClick={() => onPick(linked.address)}>
        Send to my linked wallet {shortAddress(linked.address)}
      </Button>
    )}
    </>
  );
}
