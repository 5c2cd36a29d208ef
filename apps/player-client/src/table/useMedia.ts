import { useSyncExternalStore } from 'react';

/** A CSS media query as state (phone portrait layouts). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = globalThis.matchMedia?.(query);
      m?.addEventListener('change', cb);
      return () => m?.removeEventListener('change', cb);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
