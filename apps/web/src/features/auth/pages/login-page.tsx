import type { SecondStepRequired } from '@parmeta/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { Button, ErrorNotice, Field, Link, SuccessNotice } from '@/components/ui';
import { PasswordField } from '@/components/ui/password-field';
import { useSignIn } from '../api/sign-in';
import { useVerifyEmail } from '../api/verify-email';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';
import { OtherWaysIn } from '../components/other-ways-in';
import { SecondStepForm } from '../components/second-step-form';
import { resendPath } from '../model/resend-path';
import { safeNextPath } from '../model/safe-next';
import { useContractForm } from '../model/use-contract-form';
import styles from '../components/auth-form.module.css';

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadSignInBody = () => import('../model/auth-schemas').then((m) => m.signInBody);

const labels = { userName: 'Username or email', password: 'Password' };

/** What another page hands over when it sends the user here (e.g. after a password reset). */
export interface LoginState {
  notice?: string;
}

/**
 * Opened from the verification mail (`?signature=`), it first uses the link up, shows the
 * result above the form and takes the signature out of the address bar, so a reload or
 * the history does not replay a used link.
 */
function useVerifyLink(onVerified: (email: string) => void) {
  const [params, setParams] = useSearchParams();
  const [signature] = useState(() => params.get('signature'));
  const { mutate, data, isPending } = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (!signature || started.current) return;
    started.current = true;
    mutate(signature, { onSuccess: (result) => result.status && onVerified(result.data.email) });
    setParams(
      (current) => {
        current.delete('signature');
        return current;
      },
      { replace: true },
    );
  }, [signature, mutate, setParams, onVerified]);
  if (!signature) return null;
  if (isPending || !data) return { ok: true, msg: 'Verifying your email…' };
  if (data.status) return { ok: true, msg: data.msg };
  // A malformed signature is refused as bad input, which names the field; say it plainly.
  return { ok: false, msg: data.code === 'BAD_REQUEST' ? 'This verification link is not valid. Ask for a new one on the resend page.' : data.msg };
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notice = (useLocation().state as LoginState | null)?.notice;
  const form = useContractForm(loadSignInBody, labels);
  const { suggest } = form;
  const verified = useVerifyLink(useCallback((email: string) => suggest('userName', email), [suggest]));
  const signIn = useSignIn();
  const [failure, setFailure] = useState<{ msg: string; unverified: boolean } | null>(null);
  const [pending, setPending] = useState<SecondStepRequired['secondStep'] | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const goOn = () => void navigate(safeNextPath(params.get('next')), { replace: true });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    setFailure(null);
    setRestartNotice(null);
    const result = await signIn.mutateAsync(body);
    if (result.status) {
      if ('secondStep' in result.data) setPending(result.data.secondStep);
      else goOn();
      return;
    }
    setFailure({ msg: form.showFailure(result), unverified: result.code === 'EMAIL_NOT_VERIFIED' });
  }

  if (pending) {
    return (
      <>
        <AuthHeading title="Sign in" description="One more step: your account asks for a code as well as the password." />
        <SecondStepForm
          pending={pending}
          onSignedIn={goOn}
          onRestart={(why) => {
            setPending(null);
            setRestartNotice(why ?? null);
          }}
        />
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Sign in" description="Sign in with your username or email and your password to reach the shop, the NFT market and your wallet." />
      <form ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        {notice && <SuccessNotice message={notice} />}
        {verified && (verified.ok ? <SuccessNotice message={verified.msg} /> : <ErrorNotice message={verified.msg} />)}
        {verified && !verified.ok && (
          <Link className={styles.noticeLink} to="/resendEmail">
            Send me a new verification link
          </Link>
        )}
        <ErrorNotice message={failure?.msg ?? restartNotice} />
        {failure?.unverified && (
          <Link className={styles.noticeLink} to={resendPath(form.values.userName)}>
            Resend the verification email
          </Link>
        )}
        <Field label={labels.userName} autoComplete="username" autoCapitalize="off" spellCheck={false} {...form.field('userName')} />
        <PasswordField label={labels.password} autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" size="lg" block className={styles.submit} disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <OtherWaysIn onSignedIn={goOn} onSecondStep={setPending} />
      <AuthLinks>
        <li>
          New here? <Link to="/signup">Create an account</Link>
        </li>
        <li>
          <Link to="/reset">Forgot your password?</Link>
        </li>
        <li>
          <Link to="/resendEmail">Resend the verification email</Link>
        </li>
      </AuthLinks>
    </>
  );
}
