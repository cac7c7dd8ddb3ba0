import { useMutation } from '@tanstack/react-query';
import { callForMessage } from '@/lib/call-api';
import { historyQuery, type HistoryView } from '../model/history-filter';

/** Hands a text to the browser as a file download. */
function saveFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The history with the view's filter as a CSV file (POST /gx/SelTransactionPayment/csv): the
 * server writes it (all pages, at most its limit), the browser saves it. Answers the server's
 * message, which says how many movements it holds and whether it stopped short.
 */
export function useDownloadHistory() {
  return useMutation({
    mutationFn: async (view: HistoryView) => {
      const { msg, data } = await callForMessage('transactionsCsv', { query: historyQuery(view) });
      saveFile(data.fileName, data.csv, 'text/csv;charset=utf-8');
      return { msg, ...data };
    },
  });
}
