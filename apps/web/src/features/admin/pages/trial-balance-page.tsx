import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import type { Asset, TrialBalance } from '@parmeta/contracts';
import { Button, ButtonLink, ErrorNotice, Field, LoadError, PageHeader, Skeleton, SuccessNotice } from '@/components/ui';
import { useTrialBalance } from '../api/finance';
import { FinanceTabs } from '../components/finance-tabs';
import { assetAmount, assetNumber } from '../model/money-text';
import { formatDateTime } from '../model/format';
import { momentFrom } from '../model/finance';
import styles from '../components/finance.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

const ASSET_NAMES: Record<Asset, string> = { par: 'Par', meta: 'Meta', premium: 'Premium points' };
type Section = TrialBalance['assets'][number];

function AssetTable({ section }: { section: Section }) {
  const { asset } = section;
  const headingId = `tb-${asset}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{ASSET_NAMES[asset]}</h2>
      <table className={styles.ledger} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col" className={styles.num}>
              Debit
            </th>
            <th scope="col" className={styles.num}>
              Credit
            </th>
          </tr>
        </thead>
        <tbody>
          {section.lines.map((line) => (
            <tr key={line.account}>
              <th scope="row">
                {line.label}
                {line.parts.length > 0 && (
                  <details className={styles.parts}>
                    <summary>
                      What it is made of<span className="sr-only">: {line.label}</span>
                    </summary>
                    <ul>
                      {line.parts.map((p) => (
                        <li key={p.kind}>
                          {p.label}: {assetAmount(p.amount, asset)}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </th>
              <td className={styles.num}>{line.balance < 0 ? assetNumber(-line.balance, asset) : ''}</td>
              <td className={styles.num}>{line.balance > 0 ? assetNumber(line.balance, asset) : line.balance === 0 ? '–' : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className={styles.num}>{assetNumber(section.debits, asset)}</td>
            <td className={styles.num}>{assetNumber(section.credits, asset)}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.check}>
        {section.total === 0 ? `Debits equal credits: the ${ASSET_NAMES[asset].toLowerCase()} ledger sums to zero.` : `Debits and credits differ by ${assetAmount(section.total, asset)}: the ledger does not balance.`}
        {section.memberBalances !== null &&
          (section.memberBalances === section.lines.find((l) => l.account === 'members')?.balance
            ? ` Members' balances as kept on their accounts (${assetAmount(section.memberBalances, asset)}) match their postings.`
            : ` Members' balances as kept on their accounts come to ${assetAmount(section.memberBalances, asset)}, which does not match their postings.`)}
      </p>
    </section>
  );
}

/** The moment form: a local date and time, in the URL; empty for now. */
function MomentForm({ value }: { value: string }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft && !momentFrom(draft)) {
      setError('Choose a date and a time.');
      return;
    }
    void navigate(draft ? `/admin/finance?at=${encodeURIComponent(draft)}` : '/admin/finance');
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Balances as at" noValidate>
      <Field
        label="As at (your time)"
        name="at"
        type="datetime-local"
        value={draft}
        error={error}
        hint="Leave empty for now."
        onChange={(e) => {
          setError(undefined);
          setDraft(e.target.value);
        }}
      />
      <div className={styles.buttons}>
        <Button type="submit">Show</Button>
        {value && (
          <ButtonLink to="/admin/finance" variant="ghost">
            Now
          </ButtonLink>
        )}
      </div>
    </form>
  );
}

export default function TrialBalancePage() {
  const [params] = useSearchParams();
  const moment = momentFrom(params.get('at'));
  const balance = useTrialBalance(moment?.at ?? null);
  const data = balance.data;
  const unbalanced = data?.assets.filter((a) => !a.balanced).map((a) => ASSET_NAMES[a.asset].toLowerCase()) ?? [];
  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/finance']} />
      <FinanceTabs />
      <MomentForm key={moment?.text ?? ''} value={moment?.text ?? ''} />
      {balance.isError && !data ? (
        <LoadError what="the trial balance" error={balance.error} onRetry={() => void balance.refetch()} />
      ) : !data ? (
        <div aria-busy="true">
          <p className="sr-only">Loading the trial balance…</p>
          <Skeleton height={260} />
        </div>
      ) : (
        <div aria-busy={balance.isPlaceholderData || undefined}>
          <p className={styles.check}>{moment ? `As at the end of ${formatDateTime(moment.at)}.` : `Everything recorded up to now (${formatDateTime(Date.now())}).`}</p>
          {data.balanced ? (
            <SuccessNotice className={styles.notice} message="The books balance: in par, meta and premium points, debits equal credits and the total is zero." />
          ) : (
            <ErrorNotice className={styles.notice} message={`The books do not balance in ${unbalanced.join(', ')}. Look at the journal export for the entries of the day it started.`} />
          )}
          {data.assets.map((section) => (
            <AssetTable key={section.asset} section={section} />
          ))}
        </div>
      )}
    </>
  );
}
