import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callForMessage, callApi } from '@/lib/call-api';
import type { DayRange } from '../model/finance';
import { adminKeys } from './keys';

export const trialBalanceQueryOptions = (at: number | null) =>
  queryOptions({
    queryKey: adminKeys.trialBalance(at),
    queryFn: ({ signal }) => callApi('adminTrialBalance', { body: at === null ? {} : { at } }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useTrialBalance = (at: number | null) => useQuery(trialBalanceQueryOptions(at));

export const dailyFinanceQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: adminKeys.dailyFinance(range.from, range.to),
    queryFn: ({ signal }) => callApi('adminDailyFinance', { body: range }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useDailyFinance = (range: DayRange) => useQuery(dailyFinanceQueryOptions(range));

export const reconciliationQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.reconciliation(), queryFn: ({ signal }) => callApi('adminReconciliation', { body: {} }, { signal }) });
export const useReconciliation = () => useQuery(reconciliationQueryOptions());

/** Hands text to the browser as a file download. */
function saveFile(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Exports the journal of a range of days and saves it as a CSV file; the export shows in the audit log. */
export function useJournalExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (range: DayRange) => {
      const { data } = await callForMessage('adminJournalExport', { body: range });
      saveFile(data.filename, data.csv, 'text/csv;charset=utf-8');
      return { filename: data.filename, rows: data.rows };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditPages() }),
  });
}
