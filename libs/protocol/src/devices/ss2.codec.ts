/**
 * SS2-compatible roulette wheel controller codec (devices.md §2). Pure: one line in, one typed frame out.
 * Never throws: anything that is not a known frame is `{ type: 'unparsable', raw, reason }`.
 * Encoders exist for every frame in both directions (the simulator emits bytes with them).
 */
import { assertNever } from '../common/result.js';
import type { Direction } from '../mqtt/events.schema.js';

/** Flag bits of the status line (one hex digit). */
export const SS2_FLAG = { BALL_NOT_DETECTED: 1, MISS_SPIN: 2, HARDWARE_FAULT: 4, LAUNCH_FAILED: 8 } as const;

/** Operating-mode bits for `*o <sum>`; typical integration value 1159 = 1+2+4+128+1024. */
export const SS2_MODE = {
  REVERSE_EACH_GAME: 1,
  USER_START: 2,
  RANDOM_SPEED_CHANGE: 4,
  SUPPRESS_BARE_NUMBER: 16,
  STATUS_EVERY_500MS: 128,
  FAULTS_DURING_PLAY: 256,
  DELAY_AT_5_TO_1: 1024,
} as const;
export const SS2_TYPICAL_MODE = 1159;

/** `*F <code>` self-test / fault codes → text. */
export const SS2_FAULT_TEXT: Readonly<Record<number, string>> = {
  0: 'self-test OK',
  1: 'hardware fault',
  2: 'no ball',
  3: 'no ball position',
  4: 'wrong ball direction',
  5: 'motor fault',
  6: 'encoder fault',
  7: 'cannot play clockwise',
  8: 'cannot play counter-clockwise',
  11: 'sensor 1 stuck on',
  12: 'sensor 2 stuck on',
  13: 'sensor 3 stuck on',
  21: 'sensor 1 broken (stuck off)',
  22: 'sensor 2 broken (stuck off)',
  23: 'sensor 3 broken (stuck off)',
  100: 'self-test timed out',
};
export function ss2FaultText(code: number): string {
  return SS2_FAULT_TEXT[code] ?? `unknown fault code ${code}`;
}

export const SS2_STATE_TEXT: Readonly<Record<number, string>> = {
  1: 'before game (spinning up)',
  2: 'place your bets',
  3: 'ball in rim',
  4: 'no more bets',
  5: 'winning number',
  6: 'table closed / powered down',
  7: 'ball not detected in track',
};

export interface Ss2Status {
  readonly type: 'status';
  /** 1–7 */
  readonly state: number;
  /** 1–256 */
  readonly spin: number;
  /** Last winning number, null before the first result (two spaces). 0–99 syntactically; trackers range-check 0–36 (W-2). */
  readonly win: number | null;
  /** OR of SS2_FLAG bits, 0–15 */
  readonly flags: number;
  /** rotor rpm × 10, 0–999 */
  readonly speed: number;
  readonly direction: Direction;
}

/** Wheel → host frames. */
export type Ss2Frame =
  | Ss2Status
  /** Bare winning-number line on port 1 (`27`). `00` is not a number on a single-zero wheel → unparsable. */
  | { readonly type: 'number'; readonly number: number }
  /** `*u OK`, `*R OK`, `*P OK`, `*T OK` */
  | { readonly type: 'ok'; readonly command: string }
  /** `*<c> NO` (unknown command, or `*P` already in that state) */
  | { readonly type: 'no'; readonly command: string }
  /** `*<c> BUSY` (refused while busy, e.g. `*o BUSY`) */
  | { readonly type: 'busy'; readonly command: string }
  /** `*o <sum>` operating mode echo / reply */
  | { readonly type: 'mode'; readonly sum: number }
  /** `*S <text>` / `*V <text>` firmware */
  | { readonly type: 'firmware'; readonly command: 'S' | 'V'; readonly text: string }
  /** `*T<X> <value>` parameter reply */
  | { readonly type: 'param'; readonly name: string; readonly value: string }
  /** `*F <code>`: self-test result or fault during play; 0 = OK */
  | { readonly type: 'fault'; readonly code: number }
  /** `*bs <n>`: sensor n saw the ball */
  | { readonly type: 'sensor'; readonly sensor: number }
  /** `*bn <nn>`: ball in pocket nn */
  | { readonly type: 'pocket'; readonly pocket: number }
  | { readonly type: 'unparsable'; readonly raw: string; readonly reason: string };
export type Ss2FrameType = Ss2Frame['type'];

/** Host → wheel commands. */
export type Ss2Command =
  | { readonly type: 'poll' } // *X
  | { readonly type: 'start'; readonly direction: Direction } // *u 1 (cw) / *u 3 (ccw)
  | { readonly type: 'reset' } // *R  (void the current game)
  | { readonly type: 'power'; readonly on: boolean } // *P 1 / *P 0
  | { readonly type: 'set_mode'; readonly sum: number } // *o <sum>
  | { readonly type: 'get_mode' } // *O
  | { readonly type: 'firmware'; readonly which: 'S' | 'V' } // *S / *V
  | { readonly type: 'sensors'; readonly on: boolean } // *I 4 / *I 0
  | { readonly type: 'get_param'; readonly name: string } // *T<X>
  | { readonly type: 'set_param'; readonly name: string; readonly value: string } // *t<X> <value>
  | { readonly type: 'store_params' } // *T f
  | { readonly type: 'self_test' } // *F
  | { readonly type: 'unknown'; readonly raw: string };
export type Ss2CommandType = Ss2Command['type'];

const PRINTABLE = /^[\x20-\x7e]*$/;
const unparsable = (raw: string, reason: string): Ss2Frame => ({ type: 'unparsable', raw, reason });

/** Win field: right-aligned 2 chars, two spaces before the first result. */
function parseWin(f: string): number | null | undefined {
  if (f === '  ' || f === '') return null;
  if (!/^( ?\d|\d\d)$/.test(f) || f === '00') return undefined;
  return Number(f.trim());
}

function parseStatus(line: string, raw: string): Ss2Frame {
  const parts = line.split(';');
  if (parts.length !== 7) return unparsable(raw, `status line has ${parts.length} fields, expected 7`);
  const [, st, sp, win, fl, spd, dir] = parts as [string, string, string, string, string, string, string];
  if (!/^[1-7]$/.test(st)) return unparsable(raw, `state "${st}" is not 1–7`);
  if (!/^\d{3}$/.test(sp) || Number(sp) < 1 || Number(sp) > 256) return unparsable(raw, `spin "${sp}" is not 001–256`);
  const w = parseWin(win);
  if (w === undefined) return unparsable(raw, `win field "${win}" is not a right-aligned number or blank`);
  if (!/^[0-9A-Fa-f]$/.test(fl)) return unparsable(raw, `flags "${fl}" is not one hex digit`);
  if (!/^\d{3}$/.test(spd)) return unparsable(raw, `speed "${spd}" is not 3 digits`);
  if (dir !== '0' && dir !== '1') return unparsable(raw, `direction "${dir}" is not 0 or 1`);
  return { type: 'status', state: Number(st), spin: Number(sp), win: w, flags: parseInt(fl, 16), speed: Number(spd), direction: dir === '0' ? 'cw' : 'ccw' };
}

/** Parse one wheel → host line (without its line ending). Total: never throws. */
export function parseSs2Line(input: string): Ss2Frame {
  const line = input.trim();
  if (!PRINTABLE.test(line)) return unparsable(input, 'non-printable bytes');
  if (line === '') return unparsable(input, 'empty line');
  if (line[0] !== '*') {
    if (/^\d{1,2}$/.test(line) && line !== '00') return { type: 'number', number: Number(line) };
    return unparsable(input, line === '00' ? '"00" is not a pocket of a single-zero wheel' : 'not a frame (no leading *) and not a bare winning number');
  }
  const body = line.slice(1);
  if (body.startsWith('X;')) return parseStatus(line, input);
  let m = /^([A-Za-z]) (OK|NO|BUSY)$/.exec(body);
  if (m) {
    const command = m[1] as string;
    if (m[2] === 'OK') return { type: 'ok', command };
    return m[2] === 'NO' ? { type: 'no', command } : { type: 'busy', command };
  }
  if ((m = /^o (\d{1,5})$/.exec(body))) {
    const sum = Number(m[1]);
    return sum <= 0xffff ? { type: 'mode', sum } : unparsable(input, `operating mode ${sum} out of range`);
  }
  if ((m = /^([SV]) (\S.*)$/.exec(body))) return { type: 'firmware', command: m[1] as 'S' | 'V', text: (m[2] as string).trim() };
  if ((m = /^T([A-Z])(?: (\S.*))?$/.exec(body))) return { type: 'param', name: m[1] as string, value: (m[2] ?? '').trim() };
  if ((m = /^F (\d{1,3})$/.exec(body))) return { type: 'fault', code: Number(m[1]) };
  if ((m = /^bs (\d{1,2})$/.exec(body))) return { type: 'sensor', sensor: Number(m[1]) };
  if ((m = /^bn (\d{1,2})$/.exec(body))) return { type: 'pocket', pocket: Number(m[1]) };
  return unparsable(input, 'unknown frame');
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** Encode a wheel → host frame (without line ending). `unparsable` encodes to its raw text. */
export function encodeSs2Frame(f: Ss2Frame): string {
  switch (f.type) {
    case 'status': {
      const win = f.win === null ? '  ' : String(f.win).padStart(2, ' ');
      return `*X;${f.state};${pad(f.spin, 3)};${win};${f.flags.toString(16).toUpperCase()};${pad(f.speed, 3)};${f.direction === 'cw' ? 0 : 1}`;
    }
    case 'number':
      return String(f.number);
    case 'ok':
      return `*${f.command} OK`;
    case 'no':
      return `*${f.command} NO`;
    case 'busy':
      return `*${f.command} BUSY`;
    case 'mode':
      return `*o ${f.sum}`;
    case 'firmware':
      return `*${f.command} ${f.text}`;
    case 'param':
      return f.value === '' ? `*T${f.name}` : `*T${f.name} ${f.value}`;
    case 'fault':
      return `*F ${f.code}`;
    case 'sensor':
      return `*bs ${f.sensor}`;
    case 'pocket':
      return `*bn ${pad(f.pocket, 2)}`;
    case 'unparsable':
      return f.raw;
  }
  return assertNever(f, 'SS2 frame');
}

/** Encode a host → wheel command (without line ending). */
export function encodeSs2Command(c: Ss2Command): string {
  switch (c.type) {
    case 'poll':
      return '*X';
    case 'start':
      return c.direction === 'cw' ? '*u 1' : '*u 3';
    case 'reset':
      return '*R';
    case 'power':
      return c.on ? '*P 1' : '*P 0';
    case 'set_mode':
      return `*o ${c.sum}`;
    case 'get_mode':
      return '*O';
    case 'firmware':
      return `*${c.which}`;
    case 'sensors':
      return c.on ? '*I 4' : '*I 0';
    case 'get_param':
      return `*T${c.name.toUpperCase()}`;
    case 'set_param':
      return `*t${c.name.toLowerCase()} ${c.value}`;
    case 'store_params':
      return '*T f';
    case 'self_test':
      return '*F';
    case 'unknown':
      return c.raw;
  }
  return assertNever(c, 'SS2 command');
}

/** Parse a host → wheel line (what the simulator receives). Total: never throws. */
export function parseSs2Command(input: string): Ss2Command {
  const line = input.trim();
  const unknown: Ss2Command = { type: 'unknown', raw: input };
  if (!PRINTABLE.test(line)) return unknown;
  switch (line) {
    case '*X':
      return { type: 'poll' };
    case '*u 1':
      return { type: 'start', direction: 'cw' };
    case '*u 3':
      return { type: 'start', direction: 'ccw' };
    case '*R':
      return { type: 'reset' };
    case '*P 1':
      return { type: 'power', on: true };
    case '*P 0':
      return { type: 'power', on: false };
    case '*O':
      return { type: 'get_mode' };
    case '*S':
      return { type: 'firmware', which: 'S' };
    case '*V':
      return { type: 'firmware', which: 'V' };
    case '*I 4':
      return { type: 'sensors', on: true };
    case '*I 0':
      return { type: 'sensors', on: false };
    case '*T f':
      return { type: 'store_params' };
    case '*F':
      return { type: 'self_test' };
  }
  let m = /^\*o (\d{1,5})$/.exec(line);
  if (m) return Number(m[1]) <= 0xffff ? { type: 'set_mode', sum: Number(m[1]) } : unknown;
  if ((m = /^\*T([A-Z])$/.exec(line))) return { type: 'get_param', name: m[1] as string };
  if ((m = /^\*t([A-Za-z]) (\S(?:.*\S)?)$/.exec(line))) return { type: 'set_param', name: (m[1] as string).toUpperCase(), value: m[2] as string };
  return unknown;
}

/** The command letter a reply answers (`*u OK` → `u`), for correlating replies with commands. */
export function ss2CommandLetter(c: Ss2Command): string | null {
  switch (c.type) {
    case 'poll':
      return 'X';
    case 'start':
      return 'u';
    case 'reset':
      return 'R';
    case 'power':
      return 'P';
    case 'set_mode':
      return 'o';
    case 'get_mode':
      return 'O';
    case 'firmware':
      return c.which;
    case 'sensors':
      return 'I';
    case 'get_param':
    case 'set_param':
    case 'store_params':
      return 'T';
    case 'self_test':
      return 'F';
    case 'unknown':
      return null;
  }
  return assertNever(c, 'SS2 command');
}
