import { useState, type FormEvent } from 'react';
import { Badge, Button, ErrorNotice, Field, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { useDisableTwoFactor, useEnableTwoFactor, useRenewRecoveryCodes, useTwoFactorSetup, useTwoFactorStatus } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import styles from './security.module.css';
import { SECURITY_PANELS } from '@/lib/page-panels';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';

/** The code field's check: loaded as a code form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/checks'));

/**
 * Two-step sign-in with an authenticator app: turn it on (QR code and secret shown once,
 * confirmed with a first code, then ten recovery codes shown once), turn it off with a current
 * code, or replace the recovery codes.
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState('');

  const on = status.data?.enabled ?? false;
  return (
    <Panel
      {...SECURITY_PANELS.twoFactor}
      actions={status.data ? on ? <Badge tone="success">On</Badge> : <Badge>Off</Badge> : undefined}
    >
      <div className={styles.form}>
        <SuccessNotice message={notice} />
        {status.data?.required && !on && <p className={styles.muted}>As an admin you need a passkey or two-step sign-in to use the admin area.</p>}
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
        {status.isPending ? (
          <Skeleton height={40} width={220} />
        ) : status.isError ? (
          <LoadError what="your two-step sign-in" error={status.error} onRetry={() => void status.refetch()} />
        ) : codes ? null : on ? (
          <>
            <p className={styles.muted}>
              {status.data.recoveryCodesLeft} of 10 recovery codes left. To turn two-step sign-in off or make new recovery codes, enter a current code from your app.
            </p>
            <CodeForm
              label="Current code from your app"
              busy={disable.isPending || renew.isPending}
              error={disable.error ?? renew.error}
              actions={[
                { label: 'Turn off two-step sign-in', busyLabel: 'Turning off…', run: (code) => disable.mutateAsync(code).then(({ msg }) => setNotice(msg)) },
                {
                  label: 'Make new recovery codes',
                  busyLabel: 'Making codes…',
                  secondary: true,
                  run: (code) =>
                    renew.mutateAsync(code).then(({ msg, data }) => {
                      setNotice(msg);
                      setCodes(data.recoveryCodes);
                    }),
                },
              ]}
            />
          </>
        ) : setup.data ? (
          <>
            <div className={styles.setup}>
              <img className={styles.qr} src={setup.data.qrCode} alt="QR code to scan with your authenticator app" width={200} height={200} />
              <div className={styles.form}>
                <p className={styles.muted}>Scan the QR code with your authenticator app, or type this key into it. It is shown only now.</p>
                <p className={styles.secret} aria-label={`Set-up key: ${setup.data.secret.split('').join(' ')}`}>
                  {setup.data.secret.match(/.{1,4}/g)?.join(' ')}
                </p>
              </div>
            </div>
            <CodeForm
              label="Code from your app"
              busy={enable.isPending}
              error={enable.error}
              actions={[
                {
                  label: 'Turn on two-step sign-in',
                  busyLabel: 'Checking…',
                  run: (code) =>
                    enable.mutateAsync(code).then(({ msg, data }) => {
                      setNotice(msg);
                      setCodes(data.recoveryCodes);
                      setup.reset();
                    }),
                },
              ]}
            />
          </>
        ) : (
          <>
            <ErrorNotice message={setup.isError ? failureMessage(setup.error) : null} />
            <div className={styles.actions}>
              <Button
                onClick={() => {
                  setNotice('');
                  setup.mutate();
                }}
                disabled={setup.isPending}
              >
                {setup.isPending ? 'Preparing…' : 'Set up two-step sign-in'}
              </Button>
            </div>
          </>
        )}
      </div>
    </Panel>
  );
}

interface CodeAction {
  label: string;
  busyLabel: string;
  secondary?: boolean;
  run(code: string): Promise<void>;
}

function CodeForm({ label, actions, busy, error }: { label: string; actions: CodeAction[]; busy: boolean; error: unknown }) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [running, setRunning] = useState<string | null>(null);
  const id = `code-${label.replace(/\W+/g, '-').toLowerCase()}`;

  const submit = async (action: CodeAction) => {
    // At once when the form was used before (the check is loaded by then).
    const checked = (await checks.ready())?.checkCode(value) ?? { error: `The code ${CHECK_NOT_LOADED}` };
    if ('error' in checked) {
      setFieldError(checked.error);
      document.getElementById(id)?.focus();
      return;
    }
    setFieldError(undefined);
    setRunning(action.label);
    try {
      await action.run(checked.code);
      setValue('');
    } catch {
      // Shown from the mutation's error.
    } finally {
      setRunning(null);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (actions[0]) void submit(actions[0]);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={checks.warm} onPointerEnter={checks.warm} noValidate aria-busy={busy || undefined}>
      <ErrorNotice message={error ? failureMessage(error, { fieldsHint: false }) : null} />
      <Field
        id={id}
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        spellCheck={false}
        value={value}
        error={fieldError}
        onChange={(e) => {
          setValue(e.target.value);
          if (fieldError) setFieldError(undefined);
        }}
      />
      <div className={styles.actions}>
        {actions.map((action, i) => (
          <Button key={action.label} type={i === 0 ? 'submit' : 'button'} variant={action.secondary ? 'secondary' : 'primary'} disabled={busy} onClick={i === 0 ? undefined : () => void submit(action)}>
            {running === action.label ? action.busyLabel : action.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
