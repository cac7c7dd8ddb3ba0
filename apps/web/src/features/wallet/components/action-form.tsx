import type { FormEvent, ReactNode } from 'react';
import { Button, ButtonLink, ErrorNotice } from '@/components/ui';
import type { MoneyAction } from '../model/use-money-action';
import styles from './action-form.module.css';

interface ActionFormProps {
  action: Pick<MoneyAction<string, unknown>, 'formRef' | 'failure'>;
  /** The balances are in: the review can say what the action leaves. */
  ready: boolean;
  onReview(): void;
  children: ReactNode;
}

/** The first step of a money action: its fields, then Review (nothing is sent from here). */
export function ActionForm({ action, ready, onReview, children }: ActionFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready) onReview();
  };
  return (
    <form ref={action.formRef} className={styles.form} onSubmit={submit} noValidate>
      {children}
      <ErrorNotice message={action.failure} />
      <Button type="submit" disabled={!ready}>
        {ready ? 'Review' : 'Loading your balances…'}
      </Button>
    </form>
  );
}

/** Back to the choice of actions. */
export function AllActionsLink() {
  return (
    <ButtonLink to="/wallet" variant="ghost">
      All actions
    </ButtonLink>
  );
}
