import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS } from '../../test/fuzz.js';
import { LineFramer, type FramerOutput } from './line-framer.js';

const lines = (out: FramerOutput[]): string[] => out.map((o) => (o.type === 'line' ? o.text : `<overlong ${o.head}>`));

describe('LineFramer (W-5)', () => {
  it('splits on CR, LF and CRLF', () => {
    const f = new LineFramer();
    expect(lines(f.feed('*X;1;011;34;0;157;0\r\n27\r*R OK\n*u OK\r\n'))).toEqual(['*X;1;011;34;0;157;0', '27', '*R OK', '*u OK']);
  });

  it('completes a torn line from the next chunk, also when CR and LF arrive in different chunks', () => {
    const f = new LineFramer();
    expect(lines(f.feed('*X;5;01'))).toEqual([]);
    expect(lines(f.feed('1;27;0;136;1\r'))).toEqual(['*X;5;011;27;0;136;1']);
    expect(lines(f.feed('\n27\r\n'))).toEqual(['27']);
  });

  it('parses a burst after silence in order, dropping nothing', () => {
    const f = new LineFramer();
    const burst = Array.from({ length: 200 }, (_, i) => `*X;5;011;27;0;${String(100 + (i % 900)).padStart(3, '0')};1`);
    expect(lines(f.feed(burst.join('\r\n') + '\r\n'))).toEqual(burst);
  });

  it('reports an overlong line once and does not buffer it forever', () => {
    const f = new LineFramer({ maxLineLength: 16 });
    const out = [...f.feed('x'.repeat(10)), ...f.feed('y'.repeat(10_000)), ...f.feed('z'.repeat(10))];
    expect(out).toEqual([{ type: 'overlong', head: 'x'.repeat(10) + 'y'.repeat(22), limit: 16 }]);
    expect(f.pendingLength).toBe(0);
    expect(lines(f.feed('zzz\r\n*R OK\r\n'))).toEqual(['*R OK']);
  });

  it('hands back the unterminated rest at end of stream', () => {
    const f = new LineFramer();
    f.feed('27\r\n00;0');
    expect(lines(f.end())).toEqual(['00;0']);
    expect(f.end()).toEqual([]);
  });

  it('fuzz: any chunking of any bytes yields the same lines as feeding them at once, bounded buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(300), { maxLength: 8 }), (bytes, cuts) => {
        const whole = new LineFramer({ maxLineLength: 64 });
        const expected = [...whole.feed(bytes), ...whole.end()];
        const parts = new LineFramer({ maxLineLength: 64 });
        const got: FramerOutput[] = [];
        let prev = 0;
        for (const c of [...cuts].sort((a, b) => a - b)) {
          const at = Math.min(c, bytes.length);
          got.push(...parts.feed(bytes.subarray(prev, at)));
          expect(parts.pendingLength).toBeLessThanOrEqual(64);
          prev = at;
        }
        got.push(...parts.feed(bytes.subarray(prev)), ...parts.end());
        expect(got).toEqual(expected);
        for (const o of got) if (o.type === 'line') expect(o.text).not.toMatch(/[\r\n]/);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
