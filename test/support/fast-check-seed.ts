/**
 * Every fast-check property in the default run uses one fixed seed, so a run is reproducible and a red
 * build is red again on the next run. The soak (`npm run test:soak`) picks a fresh seed each time to
 * explore; fast-check prints the seed and path of any counterexample, and `FUZZ_SEED=<n>` replays it.
 */
import fc from 'fast-check';

/** The default run's seed (any fixed 32-bit integer would do). */
export const DEFAULT_FUZZ_SEED = 20261127;

function seedFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_FUZZ_SEED;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(raw)}`);
  return n;
}

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: seedFromEnv(process.env['FUZZ_SEED']) });
