/**
 * SS2-compatible roulette controller wire format (devices.md §2), emitted by the wheel emulator.
 * Frames start with `*` and end with CR LF; the bare winning-number line has no `*`.
 */
export const SS2_EOL = '\r\n';

/** Status `state` field (devices.md §2). 7 = ball not detected in track (optional, not emitted). */
export const SS2_STATES = [1, 2, 3, 4, 5, 6, 7] as const;
export type Ss2State = (typeof SS2_STATES)[number];

/** Flag bits, OR-ed into one hex digit (`A` = 8 + 2). */
export const SS2_FLAG = { ballNotDetected: 1, missSpin: 2, fault: 4, launchRetry: 8 } as const;

/** Operating-mode bits for `*o <sum>`. */
export const SS2_MODE = {
  reverseEachGame: 1,
  userStart: 2,
  randomSpeedChange: 4,
  suppressBareNumber: 16,
  statusStream: 128,
  faultsDuringPlay: 256,
  delayBeforeState1: 1024,
} as const;

/** The typical integration operating mode: 1 + 2 + 4 + 128 + 1024. */
export const SS2_TYPICAL_MODE = 1159;

export interface Ss2Status {
  readonly state: Ss2State;
  /** 1–256. */
  readonly spin: number;
  /** Last winning number, null before the first result (two spaces on the wire). */
  readonly win: number | null;
  /** OR of SS2_FLAG bits, 0–15. */
  readonly flags: number;
  /** Rotor rpm × 10, 0–999. */
  readonly rpm10: number;
  /** 0 clockwise, 1 counter-clockwise. */
  readonly direction: 0 | 1;
}

const pad = (n: number, width: number, ch = '0'): string => String(n).padStart(width, ch);

/** `*X;<state>;<spin>;<win>;<flags>;<speed>;<dir>` e.g. `*X;2;001;  ;8;163;0` (no line ending). */
export function encodeSs2Status(s: Ss2Status): string {
  const win = s.win === null ? '  ' : pad(s.win, 2, ' ');
  return `*X;${s.state};${pad(s.spin, 3)};${win};${(s.flags & 0xf).toString(16).toUpperCase()};${pad(Math.max(0, Math.min(999, Math.round(s.rpm10))), 3)};${s.direction}`;
}

/** The bare winning-number line on port 1 (no `*`), e.g. `27`; single digits are sent as-is (`7`). */
export function encodeSs2BareNumber(n: number): string {
  return String(n);
}

/** A command reply: `*<c> <text>` e.g. `*u OK`, `*P NO`, `*o BUSY`, `*o 1159`. */
export function encodeSs2Reply(command: string, text: string): string {
  return `*${command} ${text}`;
}

/** Sensor stream (`*I 4`): `*bs <n>` sensor n saw the ball. */
export const encodeSs2BallSensor = (sensor: number): string => `*bs ${sensor}`;
/** Sensor stream (`*I 4`): `*bn <nn>` ball in pocket nn (two digits). */
export const encodeSs2BallNumber = (n: number): string => `*bn ${pad(n, 2)}`;
/** Self-test / in-play fault line `*F <code>` (`*F 0` = self-test OK). */
export const encodeSs2Fault = (code: number): string => `*F ${code}`;
