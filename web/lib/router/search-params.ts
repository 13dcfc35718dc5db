import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from './location';

export type SearchInit = URLSearchParams | Record<string, string> | string;

/**
 * The address's query, and a way to replace it (the path stays; the #hash goes), as React
 * Router's hook of the same name.
 */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      // commas stay commas (a list such as ?picks=a,b,c reads as one)
      const query = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(search)) : next,
      )
        .toString()
        .replace(/%2C/gi, ',');
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, pathname, search],
  );
  return [params, setParams];
}
