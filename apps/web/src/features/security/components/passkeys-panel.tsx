import type { PasskeyInfo } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Badge, Button, ConfirmDialog, ErrorNotice, Field, Panel, SuccessNotice, LoadError } from '@/components/ui';
import { PendingAs } from '@/components/ui/pending-as';
import { failureMessage, isApiFailure } from '@/lib/call-api';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { formatWhen } from '../model/format';
import styles from './security.module.css';
import { SECURITY_PANELS } from '@/lib/page-panels';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';

/** The name's check: loaded as the form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/checks'));

/** What went wrong adding a passkey: the browser's refusal (the person cancelled, no authenticator) or the server's. */
function addFailure(error: unknown): string {
  if (isApiFailure(error)) return failureMessage(error, { fieldsHint: false });
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey was not created: the request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  return 'This browser could not create a passkey. Try another browser or device.';
}

const NAME_ID = 'passkey-name';

/** Passkeys: add one (named), see when each was last used, remove one. */
export function PasskeysPanel() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const list = passkeys.data ?? [];

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('');
    // A blank name is told at once; the rest once the check is there (at once, when the form was used before).
    const checked = name.trim() === '' ? { error: 'Name is required' } : ((await checks.ready())?.checkPasskeyName(name) ?? { error: `The name ${CHECK_NOT_LOADED}` });
    if ('error' in checked) {
      setNameError(checked.error);
      document.getElementById(NAME_ID)?.focus();
      return;
    }
    setNameError(undefined);
    add.mutate(checked.name, {
      onSuccess: ({ msg }) => {
        setName('');
        setNotice(msg);
      },
    });
  };

  return (
    <Panel {...SECURITY_PANELS.passkeys}>
      <div className={styles.form}>
        <SuccessNotice message={notice} />
        {passkeys.isPending ? (
          // Most members have none yet: the placeholder takes the empty list's size, so the panels
          // below stay put in that case (a 56 px skeleton moved them up by 35 px, CLS 0.02).
          <PendingAs label="Loading your passkeys">
            <p className={styles.muted}>No passkeys yet.</p>
          </PendingAs>
        ) : passkeys.isError ? (
          <LoadError what="your passkeys" error={passkeys.error} onRetry={() => void passkeys.refetch()} />
        ) : list.length === 0 ? (
          <p className={styles.muted}>No passkeys yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Your passkeys">
            {list.map((p) => (
              <li key={p.id} className={styles.item}>
                <div className={styles.itemMain}>
                  <p className={styles.itemTitle}>
                    {p.name} {p.backedUp && <Badge>Synced</Badge>}
                  </p>
                  <p className={styles.itemMeta}>
                    Added {formatWhen(p.createdAt)} · {p.lastUsedAt ? `last used ${formatWhen(p.lastUsedAt)}` : 'not used yet'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove passkey ${p.name}`}
                  onClick={() => {
                    remove.reset();
                    setRemoving(p);
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.form} onSubmit={(event) => void onAdd(event)} onFocus={checks.warm} onPointerEnter={checks.warm} noValidate aria-busy={add.isPending || undefined}>
          <ErrorNotice message={add.isError ? addFailure(add.error) : null} />
          <div className={styles.row}>
            <Field
              id={NAME_ID}
              label="Name of the new passkey"
              hint="So you can tell your passkeys apart, e.g. “Work laptop”."
              autoComplete="off"
              maxLength={60}
              value={name}
              error={nameError}
              onChange={(e) => {
                setName(e.target.value);
                if (nameError) setNameError(undefined);
              }}
            />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
            </Button>
          </div>
        </form>
      </div>
      {removing && (
        <ConfirmDialog
          title="Remove this passkey?"
          description={`“${removing.name}” will no longer sign you in. Also delete it from your device or password manager if you no longer need it.`}
          confirmLabel="Remove passkey"
          busyLabel="Removing…"
          busy={remove.isPending}
          error={remove.isError ? failureMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: ({ msg }) => {
                setRemoving(null);
                setNotice(msg);
              },
            })
          }
          onCancel={() => setRemoving(null)}
        />
      )}
    </Panel>
  );
}
