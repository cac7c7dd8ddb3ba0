import type { SecondStepRequired } from '@parmeta/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field } from '@/components/ui';
import { finishSignIn } from '../api/sign-in';
import { useContractForm } from '../model/use-contract-form';
import styles from './auth-form.module.css';

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadRecoveryCodeBody = () => import('../model/auth-schemas').then((m) => m.recoveryCodeBody);

/** The form's schema, loaded as a field is first focused (docs/decisions/0074). */
const loadCodeBody = () => import('../model/auth-schemas').then((m) => m.codeBody);

type Pending = SecondStepRequired['secondStep'];

interface SecondStepFormProps {
  pending: Pending;
  onSignedIn(): void;
  /** Back to the first step (the pending sign-in ran out, or the member chose another way). */
  onRestart(notice?: string): void;
}

/** The code after the password: from the authenticator app, or one of the recovery codes. */
export function SecondStepForm({ pending, onSignedIn, onRestart }: SecondStepFormProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.form}>
      <div className={styles.notice}>
        <h2 ref={heading} tabIndex={-1} className={styles.doneTitle}>
          Two-step sign-in
        </h2>
        <p className={styles.doneBody}>{useRecovery ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.' : 'Enter the 6-digit code your authenticator app shows for ParMeta Market.'}</p>
      </div>
      {useRecovery ? <RecoveryCodeForm key="recovery" pending={pending} onSignedIn={onSignedIn} onRestart={onRestart} /> : <AppCodeForm key="code" pending={pending} onSignedIn={onSignedIn} onRestart={onRestart} />}
      <Button variant="ghost" onClick={() => setUseRecovery((r) => !r)}>
        {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
      </Button>
      <Button variant="ghost" onClick={() => onRestart()}>
        Start over
      </Button>
    </div>
  );
}

function AppCodeForm(props: SecondStepFormProps) {
  const form = useContractForm(loadCodeBody, { code: 'Code from your app' });
  return (
    <CodeForm props={props} form={form} send={(body) => finishSignIn({ token: props.pending.token, code: body.code })}>
      <Field label="Code from your app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} spellCheck={false} {...form.field('code')} />
    </CodeForm>
  );
}

function RecoveryCodeForm(props: SecondStepFormProps) {
  const form = useContractForm(loadRecoveryCodeBody, { recoveryCode: 'Recovery code' });
  return (
    <CodeForm props={props} form={form} send={(body) => finishSignIn({ token: props.pending.token, recoveryCode: body.recoveryCode })}>
      <Field label="Recovery code" autoComplete="off" autoCapitalize="characters" spellCheck={false} placeholder="ABCDE-FGHJK" {...form.field('recoveryCode')} />
    </CodeForm>
  );
}

interface FormLike<T> {
  formRef: React.RefObject<HTMLFormElement | null>;
  validate(): Promise<T | null>;
  showFailure(fail: { status: false; msg: string; code: string; fields?: Record<string, string> }): string;
}

function CodeForm<T>({ props, form, send, children }: { props: SecondStepFormProps; form: FormLike<T>; send(body: T): ReturnType<typeof finishSignIn>; children: React.ReactNode }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = await form.validate();
    if (!body || busy) return;
    if (props.pending.expire <= Date.now()) return props.onRestart('That took too long: please sign in again.');
    setFailure(null);
    setBusy(true);
    try {
      const result = await send(body);
      if (result.status) return props.onSignedIn();
      // The pending sign-in ran out or was used: only a new first step helps.
      if (result.code === 'UNAUTHORIZED' && !result.fields) return props.onRestart(result.msg);
      // The field is marked, and the alert keeps the server's words (wrong, or used already).
      form.showFailure(result);
      setFailure(result.msg);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form ref={form.formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <ErrorNotice message={failure} />
      {children}
      <Button type="submit" size="lg" block disabled={busy}>
        {busy ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}
