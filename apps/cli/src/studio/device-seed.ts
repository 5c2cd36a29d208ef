/**
 * The seed of each simulated device of the studio. Every device must draw its own random stream: the
 * studio once derived it from the device's position within its table (`seed + 7919 × (index + 1)`), so the
 * first device of every table — Roulette 1's wheel and Roulette 2's wheel, every table's shoe — shared
 * one seed, and two wheels spun the same numbers in the same order (issue 23: identical spin histograms
 * in the Integrity view). The seed now mixes the base seed with the table's name and the device's id
 * (FNV-1a, then a murmur3 finaliser), so `--seed` still replays a run and every device differs.
 */
export function deviceSeed(base: number, tableName: string, deviceId: string): number {
  let h = 0x811c9dc5 ^ (base >>> 0);
  for (const ch of `${tableName}\u0000${deviceId}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0 || 1;
}
