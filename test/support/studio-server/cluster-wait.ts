/** Waiting helpers of the multi-instance specs (issue 13): both instances share one process and one database. */
import type { Ids } from '../../../apps/studio-server/src/shared/clock.js';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The first truthy answer of `f` (polled every 50 ms), or an error naming `what` after `ms`. */
export async function until<T>(what: string, f: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Ids unique per instance (both write to one database). */
export const idsFor = (instance: string): Ids => {
  let n = 0;
  return { next: (prefix: string) => `${prefix}_${instance}${String(++n).padStart(6, '0')}` };
};
