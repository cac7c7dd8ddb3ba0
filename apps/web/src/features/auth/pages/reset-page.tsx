import { resetPasswordBody } from '@parmeta/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, ErrorNotice, Link } from '@/components/ui';
import { PasswordField } from '@/components/ui/password-field';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { EmailLinkForm } from '../components/email-link-form';
import { AuthLinks } from '../components/auth-links';
import { PasswordStrengthHint } from '../components/password-strength';
import { useContractForm } from '../model/use-contract-form';
import type { LoginState } from './login-page';
import styles from '../components/auth-form.module.css';


const LINK_NOT_VALID = 'This reset link is not valid. Ask for a new one.';

/**
 * /reset asks for the email to send a link to; the link (`/reset?token=`) opens the form
 * for the new password. The token leaves the address bar at once (kept in memory), so the
 * history and later Referer headers do not carry it.
 */
export default function ResetPage() {
  const [params, setParams] = useSearchParams();
  const [token, setToken] = useState(() => params.get('token'));
  useEffect(() => {
    if (!params.has('token')) return;
    setParams(
      (current) => {
        current.delete('token');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return token ? <NewPasswordForm token={token} onRestart={() => setToken(null)} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  return (
    <EmailLinkForm
      request="reset"
      title="Reset your password"
      description="Enter your email and we send you a link to choose a new password. The link works once, for one hour."
      submitLabel="Send the reset link"
      signInPrompt="Remembered it?"
    />
  );
}

const newPasswordLabels = { password: 'New password' };

function NewPasswordForm({ token, onRestart }: { token: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const form = useContractForm(resetPasswordBody.pick({ password: true }), newPasswordLabels);
  const reset = useResetPassword();
  // A link cut short by a mail client is caught here, before the user types a password.
  const [linkProblem, setLinkProblem] = useState(() => (resetPasswordBody.shape.token.safeParse(token).success ? '' : LINK_NOT_VALID));
  const [alert, setAlert] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    setAlert('');
    const result = await reset.mutateAsync({ token, password: body.password });
    if (result.status) {
      const state: LoginState = { notice: result.msg };
      await navigate('/login', { replace: true, state });
    } else if (result.code === 'BUSINESS_RULE') {
      setLinkProblem(result.msg);
    } else {
      setAlert(form.showFailure(result));
    }
  }

  if (linkProblem) {
    return (
      <>
        <AuthHeading title="Choose a new password" description="This link cannot be used any more." />
        <div className={styles.form}>
          <ErrorNotice message={linkProblem} />
          <Button size="lg" block onClick={onRestart}>
            Ask for a new link
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Choose a new password" description="Pick a password of at least 15 characters. Setting it signs you out on every device." />
      <form ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <ErrorNotice message={alert} />
        <PasswordField
          label={newPasswordLabels.password}
          autoComplete="new-password"
          hint={<PasswordStrengthHint password={form.values.password} />}
          {...form.field('password')}
        />
        <Button type="submit" size="lg" block className={styles.submit} disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set the new password'}
        </Button>
      </form>
      <AuthLinks>
        <li>
          Remembered it? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
