/**
 * Felt shoe line protocol v1 codec (devices.md §3): `$<TYPE>,<seq>[,<field>…]*hh`, hh = XOR of the bytes
 * between `$` and `*`. Pure and total: a bad checksum, an unknown frame or a bad field is a typed `invalid`
 * frame, never an exception and never silently accepted. Card codes `10D` and lower case are accepted and
 * normalised to the canonical form (`TD`).
 */
import { parseCard, type Card } from '@felt-studio/games';
import { assertNever } from '../common/result.js';
import { encodeNmea, parseNmea } from './nmea.js';

export const SHOE_ERROR_CODES = ['JAM', 'SENSOR', 'POWER'] as const;
export type ShoeErrorCode = (typeof SHOE_ERROR_CODES)[number];

export const INVALID_FRAME_ERRORS = ['framing', 'checksum', 'unknown_frame', 'bad_field'] as const;
export type InvalidFrameError = (typeof INVALID_FRAME_ERRORS)[number];
export interface InvalidFrame {
  readonly type: 'invalid';
  readonly error: InvalidFrameError;
  readonly reason: string;
  readonly raw: string;
}

export type ShoeFrame =
  // shoe → host
  | { readonly type: 'card'; readonly seq: number; readonly card: Card }
  | { readonly type: 'miss'; readonly seq: number }
  | { readonly type: 'cut'; readonly seq: number }
  | { readonly type: 'shoe_in'; readonly seq: number; readonly decks: number }
  | { readonly type: 'shoe_out'; readonly seq: number }
  | { readonly type: 'hb'; readonly seq: number }
  | { readonly type: 'err'; readonly seq: number; readonly code: ShoeErrorCode }
  // host → shoe
  | { readonly type: 'ack'; readonly seq: number }
  | { readonly type: 'stat' }
  | InvalidFrame;
export type ShoeFrameType = ShoeFrame['type'];

export const invalidFrame = (raw: string, error: InvalidFrameError, reason: string): InvalidFrame => ({ type: 'invalid', error, reason, raw });

/** seq 0–65535, decimal. */
export function parseSeq(f: string | undefined): number | null {
  if (f === undefined || !/^\d{1,5}$/.test(f)) return null;
  const n = Number(f);
  return n <= 65535 ? n : null;
}

export function parseShoeLine(raw: string): ShoeFrame {
  const p = parseNmea(raw);
  if (!p.ok) return invalidFrame(raw, p.error, p.reason);
  const f = p.fields.map((x) => x.trim().toUpperCase());
  const type = f[0] as string;
  const bad = (reason: string): ShoeFrame => invalidFrame(raw, 'bad_field', reason);
  if (type === 'STAT') return f.length === 1 ? { type: 'stat' } : bad('$STAT takes no fields');
  const known = ['CARD', 'MISS', 'CUT', 'SHOE', 'HB', 'ERR', 'ACK'];
  if (!known.includes(type)) return invalidFrame(raw, 'unknown_frame', `unknown shoe frame type "${type.slice(0, 16)}"`);
  const seq = parseSeq(f[1]);
  if (seq === null) return bad(`seq "${(f[1] ?? '').slice(0, 16)}" is not 0–65535`);
  const arity = (n: number): boolean => f.length === n;
  switch (type) {
    case 'CARD': {
      if (!arity(3)) return bad('$CARD takes seq and a card code');
      const c = parseCard(f[2] as string);
      return c.ok ? { type: 'card', seq, card: c.value } : bad(`"${(f[2] as string).slice(0, 8)}" is not a card code`);
    }
    case 'MISS':
      return arity(2) ? { type: 'miss', seq } : bad('$MISS takes only seq');
    case 'CUT':
      return arity(2) ? { type: 'cut', seq } : bad('$CUT takes only seq');
    case 'HB':
      return arity(2) ? { type: 'hb', seq } : bad('$HB takes only seq');
    case 'ACK':
      return arity(2) ? { type: 'ack', seq } : bad('$ACK takes only seq');
    case 'SHOE': {
      if (f[2] === 'OUT' && arity(3)) return { type: 'shoe_out', seq };
      if (f[2] === 'IN' && arity(4) && /^\d{1,2}$/.test(f[3] as string)) {
        const decks = Number(f[3]);
        if (decks >= 1 && decks <= 16) return { type: 'shoe_in', seq, decks };
      }
      return bad('$SHOE takes IN,<decks 1–16> or OUT');
    }
    case 'ERR': {
      const code = f[2];
      if (arity(3) && (SHOE_ERROR_CODES as readonly string[]).includes(code as string)) return { type: 'err', seq, code: code as ShoeErrorCode };
      return bad('$ERR takes JAM, SENSOR or POWER');
    }
  }
  return invalidFrame(raw, 'unknown_frame', `unknown shoe frame type "${type}"`);
}

/** Encode any shoe frame (without line ending); `invalid` encodes to its raw text. */
export function encodeShoeFrame(fr: ShoeFrame): string {
  switch (fr.type) {
    case 'card':
      return encodeNmea(['CARD', fr.seq, fr.card]);
    case 'miss':
      return encodeNmea(['MISS', fr.seq]);
    case 'cut':
      return encodeNmea(['CUT', fr.seq]);
    case 'shoe_in':
      return encodeNmea(['SHOE', fr.seq, 'IN', fr.decks]);
    case 'shoe_out':
      return encodeNmea(['SHOE', fr.seq, 'OUT']);
    case 'hb':
      return encodeNmea(['HB', fr.seq]);
    case 'err':
      return encodeNmea(['ERR', fr.seq, fr.code]);
    case 'ack':
      return encodeNmea(['ACK', fr.seq]);
    case 'stat':
      return encodeNmea(['STAT']);
    case 'invalid':
      return fr.raw;
  }
  return assertNever(fr, 'shoe frame');
}
