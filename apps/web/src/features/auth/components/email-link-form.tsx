import { useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field, Link, SuccessNotice } from '@/components/ui';
import { useSendEmailLink, type EmailLinkRequest } from '../api/email-link';
import { useContractForm } from '../model/use-contract-form';
import { AuthHeading } from './auth-heading';
import { AuthLinks } from './auth-links';
import styles from './auth-form.module.css';

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadEmailQuery = () => import('../model/auth-schemas').then((m) => m.emailQuery);

const labels = { email: 'Email' };

interface EmailLinkFormProps {
  /** Which link the API mails: a new verification link or a password-reset link. */
  request: EmailLinkRequest;
  title: string;
  description: string;
  submitLabel: string;
  /** The sign-in link under the form is introduced by this question. */
  signInPrompt: string;
  initialEmail?: string;
}

/**
 * "Enter your email and we mail you a link": /resendEmail and the first step of /reset.
 * The API answers the same whether or not the account exists, so the page only ever says
 * that a link is on its way, or why the request was refused (a bad address, too many tries).
 */
export function EmailLinkForm({ request, title, description, submitLabel, signInPrompt, initialEmail = '' }: EmailLinkFormProps) {
  const form = useContractForm(loadEmailQuery, labels, { email: initialEmail });
  const send = useSendEmailLink(request);
  const [answer, setAnswer] = useState<{ ok: boolean; msg: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = await form.validate();
    if (!query) return;
    setAnswer(null);
    const result = await send.mutateAsync(query.email);
    setAnswer(result.status ? { ok: true, msg: result.msg } : { ok: false, msg: form.showFailure(result) });
  }

  return (
    <>
      <AuthHeading title={title} description={description} />
      <form ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <SuccessNotice message={answer?.ok ? answer.msg : null} />
        <ErrorNotice message={answer && !answer.ok ? answer.msg : null} />
        <Field label={labels.email} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.field('email')} />
        <Button type="submit" size="lg" block className={styles.submit} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : submitLabel}
        </Button>
      </form>
      <AuthLinks>
        <li>
          {signInPrompt} <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
