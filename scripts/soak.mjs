// The fuzz soak: the fuzz tier with FUZZ_RUNS=100000 (each codec fuzzer) and a fresh fast-check seed,
// printed first. Not part of .ci/run (see docs/testing.md). Replay a failure: FUZZ_SEED=<seed> npm run test:soak
// (fast-check also prints the counterexample's seed and path). Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const env = { ...process.env };
env.FUZZ_RUNS ??= '100000';
env.FUZZ_SEED ??= String(randomInt(0, 2 ** 31));
console.log(`fuzz soak: FUZZ_RUNS=${env.FUZZ_RUNS} FUZZ_SEED=${env.FUZZ_SEED}`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'fuzz', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
