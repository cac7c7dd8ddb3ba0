import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ErrorNotice, Field, Panel, SelectField, SuccessNotice } from '@/components/ui';
import { DownloadIcon } from '@/components/ui/commerce-icons';
import { failureMessage } from '@/lib/call-api';
import { useDownloadHistory } from '../api/download-history';
import { ALL_HISTORY, HISTORY_GROUPS, historySearch, isNarrowed, rangeProblem, type HistoryView } from '../model/history-filter';
import { History } from './history';
import styles from './history-tab.module.css';

const TYPE_OPTIONS = [{ value: 'all', label: 'All movements' }, ...HISTORY_GROUPS.map((g) => ({ value: g.id, label: g.label }))];

/**
 * The history on its own tab: filtered by type and by dates (the filter lives in the address,
 * so a reload or a shared link keeps it), paged, and downloadable as CSV with the same filter.
 */
export function HistoryTab({ view }: { view: HistoryView }) {
  const navigate = useNavigate();
  const go = (next: HistoryView) => void navigate({ pathname: '/wallet', search: historySearch(next) }, { preventScrollReset: true });
  const download = useDownloadHistory();

  return (
    <Panel
      title="History"
      description="Every movement of your par, meta and points, newest first."
      actions={
        <Button variant="secondary" size="sm" onClick={() => download.mutate(view)} disabled={download.isPending}>
          <DownloadIcon size={16} />
          {download.isPending ? 'Preparing the file…' : isNarrowed(view) ? 'Download these as CSV' : 'Download CSV'}
        </Button>
      }
    >
      <SuccessNotice message={download.isSuccess ? `Downloaded ${download.data.fileName}: ${download.data.msg}` : null} />
      <ErrorNotice message={download.isError ? `The file could not be made. ${failureMessage(download.error, { fieldsHint: false })}` : null} />
      <HistoryFilter key={`${view.group}|${view.from}|${view.to}`} view={view} onApply={(next) => go({ ...next, page: 1 })} />
      <History view={view} onPage={(page) => go({ ...view, page })} />
    </Panel>
  );
}

/** Type and dates, applied together (the button or Enter); Clear shows everything again. */
function HistoryFilter({ view, onApply }: { view: HistoryView; onApply(view: HistoryView): void }) {
  const [typed, setTyped] = useState({ group: view.group, from: view.from, to: view.to });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = rangeProblem(typed.from, typed.to);
    setErrors(problems);
    if (problems.from || problems.to) return;
    onApply({ ...typed, page: 1 });
  };

  return (
    <form className={styles.filter} onSubmit={submit} noValidate aria-label="Filter the history">
      <SelectField className={styles.type} label="Type" name="type" options={TYPE_OPTIONS} value={typed.group} onChange={(e) => setTyped((t) => ({ ...t, group: e.target.value }))} />
      <Field className={styles.date} label="From" name="from" type="date" value={typed.from} error={errors.from} onChange={(e) => setTyped((t) => ({ ...t, from: e.target.value }))} />
      <Field className={styles.date} label="To" name="to" type="date" value={typed.to} error={errors.to} onChange={(e) => setTyped((t) => ({ ...t, to: e.target.value }))} />
      <div className={styles.buttons}>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {isNarrowed(view) && (
          <Button variant="ghost" onClick={() => onApply(ALL_HISTORY)}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
