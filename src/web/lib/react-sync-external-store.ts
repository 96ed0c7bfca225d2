/**
 * wouter imports `useSyncExternalStore` from the use-sync-external-store shim, written for React
 * before 18; React 19 has it built in. vite.config.ts points the shim here, so the booking page's
 * first load does not carry the shim's copy (issue 21, B1).
 */
export { useSyncExternalStore } from 'react';
