import { SUGGEST_MIN_CHARS } from '@parmeta/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { shopKeys } from './query-keys';

/**
 * Suggestions for the search box, from the second character. The text is the debounced one
 * (the box waits for a pause in typing); the last answer stays shown while the next one loads,
 * so the list does not flicker letter by letter.
 */
export const suggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: shopKeys.suggestions(text),
    queryFn: ({ signal }) => callApi('suggest', { query: { q: text } }, { signal }),
    enabled: text.trim().length >= SUGGEST_MIN_CHARS,
    staleTime: 30_000,
    retry: false,
  });

export const useSuggestions = (text: string) => useQuery({ ...suggestionsQueryOptions(text), placeholderData: keepPreviousData });
