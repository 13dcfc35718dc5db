import { createContext, use } from 'react';

/** Where the app is: the address's parts, and the state its history entry was pushed with. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` left with the entry: only the browser has it (read it after hydration). */
  state: unknown;
  /** A new one for every navigation ('default' for the first address). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Show the new address before `navigate` returns (not in a transition). */
  flushSync?: boolean;
  /** Keep the scroll position instead of showing the top of the page. */
  preventScrollReset?: boolean;
}

/** Goes to an address of this site (absolute, or relative to the current one, e.g. `?q=x`). */
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export const LocationContext = createContext<Location>({
  pathname: '/',
  search: '',
  hash: '',
  state: null,
  key: 'default',
});

export const NavigatorContext = createContext<NavigateFunction>(() => {
  throw new Error('navigate() needs a router above it');
});

export const useLocation = () => use(LocationContext);

export const useNavigate = () => use(NavigatorContext);

export function locationOf(url: string, state: unknown = null, key = 'default'): Location {
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  return { pathname, search, hash, state, key };
}

/** wouter's location hooks, reading ours: its Switch, Route and useParams follow the shown address. */
const useShownPath = () => [useLocation().pathname, useNavigate()] as [string, NavigateFunction];
const useShownSearch = () => useLocation().search;
export const wouterHooks = { hook: useShownPath, searchHook: useShownSearch };
