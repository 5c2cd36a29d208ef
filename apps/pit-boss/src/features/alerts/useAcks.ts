import { useCallback, useState } from 'react';

const KEY = 'felt.pit.acked';

function read(): Set<string> {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    return new Set(raw ? (JSON.parse(raw) as string[]) : []);
  } catch (_e) {
    return new Set(); // storage blocked or unreadable: nothing acknowledged yet
  }
}

/** Alerts this pit boss has acknowledged (kept in this browser; the server keeps every alert). */
export function useAcks(): { readonly acked: ReadonlySet<string>; ack(ids: readonly string[]): void } {
  const [acked, setAcked] = useState<Set<string>>(read);
  const ack = useCallback((ids: readonly string[]) => {
    setAcked((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.add(id);
      try {
        globalThis.localStorage?.setItem(KEY, JSON.stringify([...next].slice(-2000)));
      } catch (_e) {
        // storage blocked: acknowledgements last for this page only
      }
      return next;
    });
  }, []);
  return { acked, ack };
}
