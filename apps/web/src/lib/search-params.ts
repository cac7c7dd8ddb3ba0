import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

type SearchInit = URLSearchParams | string | Record<string, string>;

/**
 * The address's query, and a setter that navigates to a new one: React Router's
 * `useSearchParams` without its default values (no page passes any). Theirs lives in the module
 * of their `Link` and `<Form>`, whose code (framework-mode prefetching, form submission) then
 * stays in every first load; see components/ui/link.tsx.
 */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
