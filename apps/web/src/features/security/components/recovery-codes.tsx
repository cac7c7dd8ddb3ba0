import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui';
import styles from './security.module.css';

/** The ten recovery codes, shown once: the member writes them down before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.form} aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading" ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p className={styles.muted}>If you lose your phone, each of these codes signs you in once instead of a code from the app. Save them somewhere safe now: they are not shown again.</p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </div>
    </section>
  );
}
