/**
 * Deterministic PRNG (sfc32 seeded through splitmix32). Chance is an input: the seed is always an
 * argument and is recorded by the caller. Never used to decide a live outcome — outcomes come from
 * devices; this serves shuffles for simulators/tests and Monte-Carlo RTP estimates.
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Current internal state, to resume a stream deterministically. */
  readonly seed: number;
}

function splitmix32(a: number): () => number {
  return () => {
    a |= 0;
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t = t ^ (t >>> 15);
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

export function createRng(seed: number): Rng {
  const sm = splitmix32(seed >>> 0);
  let a = sm(), b = sm(), c = sm(), d = sm();
  const nextU32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const next = (): number => nextU32() / 4294967296;
  return {
    next,
    int(n: number): number {
      if (!Number.isInteger(n) || n <= 0) throw new Error(`int(n) needs a positive integer, got ${n}`);
      // rejection sampling: no modulo bias
      const limit = 4294967296 - (4294967296 % n);
      for (;;) {
        const x = nextU32();
        if (x < limit) return x % n;
      }
    },
    seed: seed >>> 0,
  };
}

/** Fisher–Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/**
 * Partial Fisher–Yates in place: positions `from`..`from + count − 1` get uniformly random items of
 * `items[from..]` (the rest keep the unused ones). For the simulators' hot loops: no allocation, and a deck
 * dealt this way is as random as a full shuffle for the cards it deals.
 */
export function shuffleInPlace<T>(items: { readonly length: number; [i: number]: T }, rng: Rng, count: number, from = 0): void {
  for (let i = from; i < from + count; i++) {
    const j = i + rng.int(items.length - i);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
}
