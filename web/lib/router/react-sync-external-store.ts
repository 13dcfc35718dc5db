/**
 * wouter imports `use-sync-external-store/shim` for React 16 and 17; React 19 has the hook itself.
 * vite.config.ts points the shim here, so the browser does not download the polyfill.
 */
export { useSyncExternalStore } from 'react';
