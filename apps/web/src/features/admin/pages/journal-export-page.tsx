import { ErrorNotice, PageHeader, SuccessNotice } from '@/components/ui';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { useJournalExport } from '../api/finance';
import { FinanceTabs } from '../components/finance-tabs';
import { RangeForm } from '../components/range-form';
import { lastDays } from '../model/finance';
import { plural } from '../model/format';
import styles from '../components/finance.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

export default function JournalExportPage() {
  const exporter = useJournalExport();
  const fields = serverFieldsOf(exporter.error);
  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/finance/export']} />
      <FinanceTabs />
      <RangeForm label="Journal days" value={lastDays(Date.now())} submitLabel={exporter.isPending ? 'Preparing…' : 'Download CSV'} busy={exporter.isPending} serverErrors={fields} onSubmit={(range) => exporter.mutate(range)} />
      {exporter.isSuccess && <SuccessNotice className={styles.notice} message={`Downloaded ${exporter.data.filename}: ${plural(exporter.data.rows, 'row')}. The export is in the audit log.`} />}
      {exporter.isError && <ErrorNotice className={styles.notice} message={failureMessage(exporter.error)} />}
    </>
  );
}
