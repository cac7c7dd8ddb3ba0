import { ErrorNotice, PageHeader, SuccessNotice } from '@/components/ui';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { useJournalExport } from '../api/finance';
import { FinanceTabs } from '../components/finance-tabs';
import { RangeForm } from '../components/range-form';
import { lastDays } from '../model/finance';
import { plural } from '../model/format';
import styles from '../components/finance.module.css';

export default function JournalExportPage() {
  const exporter = useJournalExport();
  const fields = serverFieldsOf(exporter.error);
  return (
    <>
      <PageHeader
        title="Journal export"
        documentTitle="Admin · Journal export"
        description="Every journal entry of the days you choose as a CSV file for a spreadsheet or your accountant: one row per posting (entry, time in UTC, kind, reference, memo, account, asset and signed amount, credit positive). Each export is recorded in the audit log."
      />
      <FinanceTabs />
      <RangeForm label="Journal days" value={lastDays(Date.now())} submitLabel={exporter.isPending ? 'Preparing…' : 'Download CSV'} busy={exporter.isPending} serverErrors={fields} onSubmit={(range) => exporter.mutate(range)} />
      {exporter.isSuccess && <SuccessNotice className={styles.notice} message={`Downloaded ${exporter.data.filename}: ${plural(exporter.data.rows, 'row')}. The export is in the audit log.`} />}
      {exporter.isError && <ErrorNotice className={styles.notice} message={failureMessage(exporter.error)} />}
    </>
  );
}
