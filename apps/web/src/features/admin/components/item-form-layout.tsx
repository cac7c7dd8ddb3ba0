import type { FormEvent, ReactNode } from 'react';
import { Button, ButtonLink, ErrorNotice } from '@/components/ui';
import type { useFormErrors } from '../model/use-form-errors';
import styles from './item-form.module.css';

interface ItemFormLayoutProps {
  /** The form's accessible name, e.g. "Edit Desk Lamp". */
  label: string;
  form: ReturnType<typeof useFormErrors>;
  onSubmit(event: FormEvent): void;
  /** The first column: the item's details. */
  children: ReactNode;
  /** The second column (beside the first on wide screens, under it on narrow ones): images and sale. */
  aside: ReactNode;
  /** The list that Cancel goes back to. */
  cancelTo: string;
  submitLabel: string;
  busy: boolean;
}

/** The frame of an admin item form (a product, an NFT): its alert, two columns, and Cancel and save at the foot. */
export function ItemFormLayout({ label, form, onSubmit, children, aside, cancelTo, submitLabel, busy }: ItemFormLayoutProps) {
  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      <ErrorNotice message={form.alert} />
      <div className={styles.columns}>
        <div className={styles.column}>{children}</div>
        <div className={styles.column}>{aside}</div>
      </div>
      <div className={styles.footer}>
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
