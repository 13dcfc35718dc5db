import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates the server's HTML (and on the server), true from then on: what only
 * the browser knows (session storage, the address's #fragment) is read after it, so hydration
 * renders exactly the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
