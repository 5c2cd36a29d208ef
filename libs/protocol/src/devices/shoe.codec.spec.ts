import fc from 'fast-check';
import { ALL_CARDS } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { bounded, FUZZ_RUNS, nmeaAlphabet, protocolBytes } from '../../test/fuzz.js';
import { encodeNmea, nmeaChecksum, parseNmea } from './nmea.js';
import { encodeShoeFrame, parseShoeLine, type ShoeFrame } from './shoe.codec.js';

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);

describe('shoe codec — frames of devices.md §3', () => {
  const golden: [string, ShoeFrame][] = [
    ['CARD,12,AS', { type: 'card', seq: 12, card: 'AS' }],
    ['CARD,13,TD', { type: 'card', seq: 13, card: 'TD' }],
    ['MISS,14', { type: 'miss', seq: 14 }],
    ['CUT,15', { type: 'cut', seq: 15 }],
    ['SHOE,0,IN,8', { type: 'shoe_in', seq: 0, decks: 8 }],
    ['SHOE,65535,OUT', { type: 'shoe_out', seq: 65535 }],
    ['HB,7', { type: 'hb', seq: 7 }],
    ['ERR,8,JAM', { type: 'err', seq: 8, code: 'JAM' }],
    ['ERR,9,SENSOR', { type: 'err', seq: 9, code: 'SENSOR' }],
    ['ERR,10,POWER', { type: 'err', seq: 10, code: 'POWER' }],
    ['ACK,12', { type: 'ack', seq: 12 }],
    ['STAT', { type: 'stat' }],
  ];
  it.each(golden)('parses and encodes $%s*hh', (body, frame) => {
    const line = `$${body}*${nmeaChecksum(body)}`;
    expect(parseShoeLine(line)).toEqual(frame);
    expect(encodeShoeFrame(frame)).toBe(line);
  });

  it('accepts 10D and lower case at the edge, emits only the canonical code (devices.md §1)', () => {
    expect(parseShoeLine(encodeNmea(['CARD', 1, '10D']))).toEqual({ type: 'card', seq: 1, card: 'TD' });
    expect(parseShoeLine(encodeNmea(['CARD', 2, 'qh']))).toEqual({ type: 'card', seq: 2, card: 'QH' });
    expect(parseShoeLine(encodeNmea(['card', 3, 'as']))).toEqual({ type: 'card', seq: 3, card: 'AS' });
    expect(parseShoeLine(`$CARD,4,9C*${nmeaChecksum('CARD,4,9C').toLowerCase()}`)).toEqual({ type: 'card', seq: 4, card: '9C' });
  });

  it('a bad checksum is reported as invalid/checksum, never accepted', () => {
    const good = encodeNmea(['CARD', 12, 'AS']);
    const bad = good.slice(0, -2) + (good.endsWith('00') ? '01' : '00');
    expect(parseShoeLine(bad)).toMatchObject({ type: 'invalid', error: 'checksum', raw: bad });
    expect(parseShoeLine('$CARD,12,KS*' + nmeaChecksum('CARD,12,AS'))).toMatchObject({ type: 'invalid', error: 'checksum' });
  });

  it.each([
    [encodeNmea(['FOO', 1]), 'unknown_frame'],
    [encodeNmea(['CARD', 1, '1S']), 'bad_field'],
    [encodeNmea(['CARD', 1, 'AS', 'X']), 'bad_field'],
    [encodeNmea(['CARD', 65536, 'AS']), 'bad_field'],
    [encodeNmea(['SHOE', 1, 'IN', 0]), 'bad_field'],
    [encodeNmea(['SHOE', 1, 'SIDEWAYS']), 'bad_field'],
    [encodeNmea(['ERR', 1, 'FIRE']), 'bad_field'],
    ['CARD,12,AS', 'framing'],
    ['$CARD,12,AS', 'framing'],
    ['$CARD,12,AS*4', 'framing'],
  ])('%s → invalid %s', (line, error) => {
    expect(parseShoeLine(line)).toMatchObject({ type: 'invalid', error });
  });

  it('nmea: checksum is the XOR of the bytes between $ and *', () => {
    expect(nmeaChecksum('HB,0')).toBe((('H'.charCodeAt(0) ^ 'B'.charCodeAt(0) ^ ','.charCodeAt(0) ^ '0'.charCodeAt(0)) & 0xff).toString(16).toUpperCase().padStart(2, '0'));
    expect(parseNmea(encodeNmea(['A', 'B']))).toEqual({ ok: true, fields: ['A', 'B'] });
  });

  const seq = fc.integer({ min: 0, max: 65535 });
  const frameArb: fc.Arbitrary<ShoeFrame> = fc.oneof(
    fc.record({ type: fc.constant('card' as const), seq, card: fc.constantFrom(...ALL_CARDS) }),
    fc.record({ type: fc.constantFrom('miss' as const, 'cut' as const, 'shoe_out' as const, 'hb' as const, 'ack' as const), seq }),
    fc.record({ type: fc.constant('shoe_in' as const), seq, decks: fc.integer({ min: 1, max: 16 }) }),
    fc.record({ type: fc.constant('err' as const), seq, code: fc.constantFrom('JAM' as const, 'SENSOR' as const, 'POWER' as const) }),
    fc.constant<ShoeFrame>({ type: 'stat' }),
  );
  it('round-trips every frame type: parse(encode(f)) = f', () => {
    fc.assert(
      fc.property(frameArb, (f) => {
        expect(parseShoeLine(encodeShoeFrame(f))).toEqual(f);
      }),
      { numRuns: FUZZ_RUNS });
  });

  it('a single corrupted byte never turns a frame into another accepted frame (checksum)', () => {
    fc.assert(
      fc.property(frameArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (f, pos, x) => {
        const line = encodeShoeFrame(f);
        const i = pos % line.length;
        const corrupted = line.slice(0, i) + String.fromCharCode(line.charCodeAt(i) ^ x) + line.slice(i + 1);
        const p = parseShoeLine(corrupted);
        // XOR checksum: one changed byte always breaks it — only a hex-case change of the checksum itself stays valid.
        if (p.type !== 'invalid') expect(p).toEqual(f);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('fuzz: any byte string parses to a frame or a typed invalid frame, never throws', () => {
    fc.assert(
      fc.property(protocolBytes(nmeaAlphabet), (bytes) => {
        const line = latin1(bytes);
        const f = bounded(() => parseShoeLine(line));
        if (f.type === 'invalid') expect(f.raw).toBe(line);
        else expect(parseShoeLine(encodeShoeFrame(f))).toEqual(f);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
