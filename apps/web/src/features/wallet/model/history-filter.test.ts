import { describe, expect, it } from 'vitest';
import { ALL_HISTORY, historyQuery, historySearch, parseHistoryParams, rangeProblem } from './history-filter';

const parse = (query: string) => parseHistoryParams(new URLSearchParams(query));

describe('the wallet history filter', () => {
  it('reads the address, leaving out what does not read', () => {
    expect(parse('tab=history')).toEqual(ALL_HISTORY);
    expect(parse('type=withdrawals&from=2026-03-01&to=2026-03-31&page=2')).toEqual({ group: 'withdrawals', from: '2026-03-01', to: '2026-03-31', page: 2 });
    expect(parse('type=steal&from=2026-02-30&to=yesterday&page=-1')).toEqual(ALL_HISTORY);
  });

  it('writes only what narrows, and round-trips', () => {
    expect(historySearch(ALL_HISTORY)).toBe('?tab=history');
    const search = '?tab=history&type=topups&from=2026-03-01&to=2026-03-02&page=3';
    expect(historySearch(parse(search.slice(1)))).toBe(search);
  });

  it('asks the API for the group’s kinds and the days as a window in the local time zone, the last day included', () => {
    expect(historyQuery(ALL_HISTORY)).toEqual({});
    const query = historyQuery({ group: 'withdrawals', from: '2026-03-01', to: '2026-03-02', page: 1 });
    expect(query.type).toBe('payout_request,payout_completed,payout_failed');
    expect(query.from).toBe(new Date(2026, 2, 1).getTime());
    expect(query.to).toBe(new Date(2026, 2, 3).getTime());
  });

  it('says what is wrong with a typed range', () => {
    expect(rangeProblem('2026-03-02', '2026-03-01')).toEqual({ to: 'To must be on or after the From date' });
    expect(rangeProblem('2026-03-01', '2026-03-01')).toEqual({});
    expect(rangeProblem('', '')).toEqual({});
  });
});
