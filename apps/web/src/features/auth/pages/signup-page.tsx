import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field, Link } from '@/components/ui';
import { PasswordField } from '@/components/ui/password-field';
import { useSignUp } from '../api/sign-up';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';
import { PasswordStrengthHint } from '../components/password-strength';
import { resendPath } from '../model/resend-path';
import { useContractForm } from '../model/use-contract-form';
import styles from '../components/auth-form.module.css';

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadSignUpBody = () => import('../model/auth-schemas').then((m) => m.signUpBody);

const labels = { userName: 'Username', fullName: 'Full name', email: 'Email', password: 'Password' };

export default function SignupPage() {
  const form = useContractForm(loadSignUpBody, labels);
  const signUp = useSignUp();
  const [alert, setAlert] = useState('');
  const [created, setCreated] = useState<{ email: string; msg: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    setAlert('');
    const result = await signUp.mutateAsync(body);
    if (result.status) setCreated({ email: result.data.email, msg: result.msg });
    else setAlert(form.showFailure(result));
  }

  if (created) return <AccountCreated {...created} />;

  return (
    <>
      <AuthHeading
        title="Create your account"
        description="Choose a username, give your name and email, and pick a password of at least 15 characters. We email you a link to verify your address."
      />
      <form ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <ErrorNotice message={alert} />
        <Field label={labels.userName} hint="3 to 32 letters, digits, “_” or “.”" autoComplete="username" autoCapitalize="off" spellCheck={false} {...form.field('userName')} />
        <Field label={labels.fullName} autoComplete="name" {...form.field('fullName')} />
        <Field label={labels.email} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.field('email')} />
        <PasswordField
          label={labels.password}
          autoComplete="new-password"
          hint={<PasswordStrengthHint password={form.values.password} userName={form.values.userName} email={form.values.email} fullName={form.values.fullName} />}
          {...form.field('password')}
        />
        <Button type="submit" size="lg" block className={styles.submit} disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
      <AuthLinks>
        <li>
          Already have an account? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}

/** What follows a sign-up: the mail is on its way; focus moves here so it is read out. */
function AccountCreated({ email, msg }: { email: string; msg: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <AuthHeading title="Check your inbox" description={`We sent a verification link to ${email}.`} />
      <div ref={ref} tabIndex={-1} role="status" className={styles.done}>
        <p className={styles.doneBody}>{msg}</p>
      </div>
      <AuthLinks>
        <li>
          No mail after a few minutes? <Link to={resendPath(email)}>Send it again</Link>
        </li>
        <li>
          Verified already? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
