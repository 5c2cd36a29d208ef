import fc from 'fast-check';

/** Fuzz run count: modest by default (and in CI); the soak (`npm run test:soak`) sets FUZZ_RUNS=100000. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

/** Random bytes biased towards the protocols' alphabets, so fuzzing reaches deep into the parsers. */
export function protocolBytes(alphabet: string): fc.Arbitrary<Uint8Array> {
  const codes = [...alphabet].map((c) => c.charCodeAt(0));
  const byte = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...codes) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) });
  return fc.array(byte, { maxLength: 120 }).map((a) => Uint8Array.from(a));
}

export const ss2Alphabet = '*X;0123456789 ABCDEF\r\nuRPoSVTIFbsn OKNOBUSY';
export const nmeaAlphabet = '$*,0123456789ABCDEF\r\nCARDMISSCUTSHOEINOUTHBERRACKSTATBTNSTARTNMBVOIDPITTMRLAMPGREENAMBERREDJAMSENSORPOWER';

/** "Never hangs": one fuzz input must be handled within this bound (generous: CI cores are shared). */
export const MAX_MS_PER_INPUT = 250;

/** Run `fn` and fail if it took longer than MAX_MS_PER_INPUT. */
export function bounded<T>(fn: () => T): T {
  const t0 = performance.now();
  const out = fn();
  const ms = performance.now() - t0;
  if (ms > MAX_MS_PER_INPUT) throw new Error(`one fuzz input took ${ms.toFixed(1)} ms (bound ${MAX_MS_PER_INPUT} ms)`);
  return out;
}
