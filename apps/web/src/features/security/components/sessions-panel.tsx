import type { SessionInfo } from '@parmeta/contracts';
import { useState } from 'react';
import { Badge, Button, ConfirmDialog, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { formatWhen, howSignedIn } from '../model/format';
import styles from './security.module.css';
import { SECURITY_PANELS } from '@/lib/page-panels';

type Ending = { kind: 'one'; session: SessionInfo } | { kind: 'others' };

/** Where the member is signed in: created, last used, how; end one or all the others. */
export function SessionsPanel() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [notice, setNotice] = useState('');
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const busy = endOne.isPending || endOthers.isPending;
  const failed = endOne.error ?? endOthers.error;

  const confirm = () => {
    if (!ending) return;
    const done = ({ msg }: { msg: string }) => {
      setEnding(null);
      setNotice(msg);
    };
    if (ending.kind === 'one') endOne.mutate(ending.session.id, { onSuccess: done });
    else endOthers.mutate(undefined, { onSuccess: done });
  };

  return (
    <Panel
      {...SECURITY_PANELS.sessions}
      actions={
        others > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              endOthers.reset();
              setEnding({ kind: 'others' });
            }}
          >
            Sign out all other devices
          </Button>
        ) : undefined
      }
    >
      <SuccessNotice message={notice} />
      {sessions.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading your devices" className={styles.list}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      ) : sessions.isError ? (
        <LoadError what="your devices" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className={styles.list} aria-label="Sessions">
          {list.map((session) => (
            <li key={session.id} className={styles.item}>
              <div className={styles.itemMain}>
                <p className={styles.itemTitle}>
                  {session.device} {session.current && <Badge tone="success">This device</Badge>}
                </p>
                <p className={styles.itemMeta}>
                  Signed in with {howSignedIn(session).toLowerCase()} · {formatWhen(session.createdAt)} · last used {formatWhen(session.lastUsedAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Sign out ${session.device}, signed in ${formatWhen(session.createdAt)}`}
                  onClick={() => {
                    endOne.reset();
                    setEnding({ kind: 'one', session });
                  }}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {ending && (
        <ConfirmDialog
          title={ending.kind === 'one' ? 'Sign out this device?' : 'Sign out all other devices?'}
          description={
            ending.kind === 'one'
              ? `${ending.session.device}, signed in ${formatWhen(ending.session.createdAt)}, will have to sign in again.`
              : `Every device but this one (${others} in all) will have to sign in again.`
          }
          confirmLabel={ending.kind === 'one' ? 'Sign out device' : 'Sign out others'}
          busyLabel="Signing out…"
          busy={busy}
          error={failed ? failureMessage(failed) : null}
          onConfirm={confirm}
          onCancel={() => setEnding(null)}
        />
      )}
    </Panel>
  );
}
