import { emailQuery } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ErrorNotice, Field, SuccessNotice } from '@/components/ui';
import { useResendVerification } from '../api/resend-verification';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';
import { useContractForm } from '../model/use-contract-form';
import styles from '../components/auth-form.module.css';

const labels = { email: 'Email' };

export default function ResendEmailPage() {
  const [params] = useSearchParams();
  const form = useContractForm(emailQuery, labels, { email: params.get('email') ?? '' });
  const resend = useResendVerification();
  const [answer, setAnswer] = useState<{ ok: boolean; msg: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = form.validate();
    if (!query) return;
    setAnswer(null);
    const result = await resend.mutateAsync(query.email);
    setAnswer(result.status ? { ok: true, msg: result.msg } : { ok: false, msg: form.showFailure(result) });
  }

  return (
    <>
      <AuthHeading title="Resend the verification email" description="Enter the email you signed up with and we send you a new verification link." />
      <form ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <SuccessNotice message={answer?.ok ? answer.msg : null} />
        <ErrorNotice message={answer && !answer.ok ? answer.msg : null} />
        <Field label={labels.email} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.field('email')} />
        <Button type="submit" size="lg" block className={styles.submit} disabled={resend.isPending}>
          {resend.isPending ? 'Sending…' : 'Send the link'}
        </Button>
      </form>
      <AuthLinks>
        <li>
          Verified already? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
