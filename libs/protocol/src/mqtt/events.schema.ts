import { z } from 'zod';
import { moneyWheel } from '@felt-studio/games';

/**
 * Canonical device events (devices.md §1), published by edge agents on
 * `felt/v1/tables/{tableId}/devices/{deviceId}/events` (QoS 1). The server never sees vendor bytes.
 *
 * Envelope: `{ v: 1, tableId, deviceId, seq, at, type, payload }`; `seq` is the edge's monotonic counter per
 * device (the server de-duplicates on (deviceId, seq)), `at` the edge host's clock in epoch milliseconds.
 */

/** Canonical card code: rank then suit, ten is `T` (devices.md §1). Only this form crosses a process. */
export const cardCodeSchema = z.string().regex(/^[A23456789TJQK][SHDC]$/, 'canonical card code, e.g. AS, TD, 9H, QC');

export const DIRECTIONS = ['cw', 'ccw'] as const;
export const directionSchema = z.enum(DIRECTIONS);
export type Direction = (typeof DIRECTIONS)[number];

/** SS2 status flags (devices.md §2), decoded from the hex digit. */
export const WHEEL_FLAGS = ['ball_not_detected', 'miss_spin', 'hardware_fault', 'launch_failed'] as const;
export type WheelFlag = (typeof WHEEL_FLAGS)[number];

/** SS2 states 1–7 (devices.md §2). */
export const wheelStateNumberSchema = z.int().min(1).max(7);
export const spinNumberSchema = z.int().min(1).max(256);
export const rouletteNumberSchema = z.int().min(0).max(36);

export const wheelStatePayloadSchema = z.object({
  state: wheelStateNumberSchema,
  spin: spinNumberSchema,
  lastResult: rouletteNumberSchema.nullable(),
  flags: z.array(z.enum(WHEEL_FLAGS)),
  rpm: z.number().min(0).max(99.9),
  direction: directionSchema,
});

export const wheelBallPayloadSchema = z.object({
  spin: spinNumberSchema,
  revolutions: z.int().min(0),
  direction: directionSchema,
});

export const wheelResultPayloadSchema = z.object({
  spin: spinNumberSchema,
  number: rouletteNumberSchema,
  /** Ball revolutions counted from sensor 1 (W-3); null when the wheel does not stream sensor events (`*I 4` off). */
  revolutions: z.int().min(0).nullable(),
  ballDirection: directionSchema,
  wheelDirection: directionSchema,
  /** Agreeing sources (first `*X;5`, bare number line, next `*X;5`) — W-2. */
  confirmations: z.int().min(1).max(3),
});

/** What the edge recommends the server does about a wheel fault (the server decides; the edge never voids). */
export const FAULT_ACTIONS = ['none', 'respin', 'void_round', 'pit_boss'] as const;
export type FaultAction = (typeof FAULT_ACTIONS)[number];

export const WHEEL_FAULT_CODES = [
  'launch_failed', // W-4 flag 8 persisting > 3 s
  'miss_spin', // W-4 state 3 + flag 2: lock bets, `*R`, void the spin, re-spin
  'no_ball', // W-4 state 4 + flag 1 > 5 s
  'hardware_fault', // W-4 flag 4: sensor/motor/encoder
  'powered_down', // W-4 unexpected state 6
  'self_test', // W-4 `*F <n>`
  'result_mismatch', // W-2 sources disagree
  'result_out_of_range', // W-2 range check 0–36
] as const;
export type WheelFaultCode = (typeof WHEEL_FAULT_CODES)[number];

export const wheelFaultPayloadSchema = z.object({
  code: z.enum(WHEEL_FAULT_CODES),
  /** The SS2 flag bit (1, 2, 4, 8) behind the fault, when one is. */
  flag: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(8)]).optional(),
  /** The `*F <code>` self-test/fault code, when one is. */
  selfTest: z.int().min(0).optional(),
  text: z.string(),
  spin: spinNumberSchema.optional(),
  action: z.enum(FAULT_ACTIONS),
  /** True when a technician must look at the wheel (W-4 maintenance fault). */
  maintenance: z.boolean(),
  ruleId: z.string().optional(),
});

export const shoeInsertedPayloadSchema = z.object({ decks: z.int().min(1).max(16).optional() });
export const shoeRemovedPayloadSchema = z.object({});
/** `shoeIndex`: 0-based position of this card/unreadable card among the cards out of the shoe since insertion. */
export const shoeCardPayloadSchema = z.object({ card: cardCodeSchema, shoeIndex: z.int().min(0) });
export const shoeUnreadablePayloadSchema = z.object({ shoeIndex: z.int().min(0) });
/** `shoeIndex` of the cut card: the number of cards out of the shoe before it (= index the next card will get). */
export const shoeCutCardPayloadSchema = z.object({ shoeIndex: z.int().min(0) });

export const BUTTONS = ['start', 'no_more_bets', 'void_request', 'call_pit_boss'] as const;
export type Button = (typeof BUTTONS)[number];
export const buttonPressedPayloadSchema = z.object({ button: z.enum(BUTTONS) });

export const dieSchema = z.int().min(1).max(6);
/** Die colours a two-dice reader names (Lucky Dice: the red die picks the group, the green die the square; RAY 2011 (docs/rules) §5.1). */
export const DIE_COLOURS = ['red', 'green'] as const;
/**
 * `roundId` is the correlation id the `shaker.shake` command carried (devices.md §5). Three dice (Sic
 * Bo) or two (Lucky Dice); a two-dice reader may name each die's colour in `colours` (same order as
 * `dice`); without it the red die comes first. The game decides whether the count fits its table.
 */
export const diceResultPayloadSchema = z.object({
  dice: z.union([z.tuple([dieSchema, dieSchema, dieSchema]), z.tuple([dieSchema, dieSchema])]),
  colours: z.tuple([z.enum(DIE_COLOURS), z.enum(DIE_COLOURS)]).optional(),
  roundId: z.string().min(1),
});
export const DICE_FAULT_CODES = ['no_shake', 'unreadable', 'motion_error'] as const;
export const diceFaultPayloadSchema = z.object({ code: z.enum(DICE_FAULT_CODES), roundId: z.string().min(1).optional() });
export const SHAKER_STATES = ['idle', 'accepted', 'shaking', 'error'] as const;
export const shakerStatePayloadSchema = z.object({ state: z.enum(SHAKER_STATES), roundId: z.string().min(1).optional() });

/**
 * Money wheel (spec/docs/rules MW-1..MW-4; the device contract in
 * libs/games/src/money-wheel/money-wheel.device.ts). The sensor reports where the pointer stopped and
 * how many turns it counted; the rules judge the spin (MW-3 border, MW-4 minimum turns).
 */
export const MONEY_WHEEL_STATES = moneyWheel.MONEY_WHEEL_STATES;
export const MONEY_WHEEL_FAULT_CODES = moneyWheel.MONEY_WHEEL_FAULT_CODES;
export const moneyWheelStatePayloadSchema = z.object({ state: z.enum(MONEY_WHEEL_STATES), spin: z.int().min(0) });
export const moneyWheelResultPayloadSchema = z.object({
  spin: z.int().min(0),
  /** Exactly one of `segment` (the pointer on a segment) or `border` (on the border after segment `border`), MW-3: the rules refuse both or neither. */
  segment: z.int().min(0).max(255).optional(),
  border: z.int().min(0).max(255).optional(),
  direction: directionSchema,
  /** Full wheel turns counted (MW-4). */
  turns: z.number().min(0).max(10_000),
  /** What the camera read (cross-checked against the segment, MW-1). */
  label: z.string().min(1).max(8).optional(),
  /** The round of the spin command this result answers (a result for another round is refused). */
  roundId: z.string().min(1).max(64).optional(),
});
export const moneyWheelFaultPayloadSchema = z.object({ code: z.enum(MONEY_WHEEL_FAULT_CODES), text: z.string().max(500), spin: z.int().min(0).optional() });

export const deviceHeartbeatPayloadSchema = z.object({ uptimeS: z.int().min(0) });

/** Faults the edge detects itself in the byte stream (STYLE.md: a malformed frame is never dropped silently). */
export const DEVICE_FAULT_CODES = [
  'unparsable', // a line no codec rule matches (e.g. a torn `00;0`)
  'checksum', // `$…*hh` with a wrong checksum
  'unknown_frame', // well-formed frame of a type this device does not send
  'overlong_line', // line exceeded the framer's maximum length
  'duplicate_frame', // S-1: same physical frame (same seq) seen twice
  'seq_gap', // device seq skipped (frames lost)
  'device_error', // the device reported an error itself (e.g. shoe `$ERR,…,JAM`)
] as const;
export type DeviceFaultCode = (typeof DEVICE_FAULT_CODES)[number];

export const deviceFaultPayloadSchema = z.object({
  code: z.enum(DEVICE_FAULT_CODES),
  /** Running count of faults with this code since the adapter started. */
  count: z.int().min(1),
  text: z.string(),
  /** Printable excerpt of the offending line, when there is one. */
  raw: z.string().max(200).optional(),
  /** Code reported by the device itself (`JAM`, `SENSOR`, `POWER`). */
  deviceCode: z.string().optional(),
  ruleId: z.string().optional(),
  /** seq_gap: the device seq expected and the one received. */
  expectedSeq: z.int().min(0).optional(),
  seq: z.int().min(0).optional(),
});

const body = <T extends string, P extends z.ZodType>(type: T, payload: P) => z.object({ type: z.literal(type), payload });

/** `{type, payload}` of a canonical event — what device trackers emit; the edge agent adds the envelope. */
export const deviceEventBodySchema = z.discriminatedUnion('type', [
  body('wheel.state', wheelStatePayloadSchema),
  body('wheel.ball', wheelBallPayloadSchema),
  body('wheel.result', wheelResultPayloadSchema),
  body('wheel.fault', wheelFaultPayloadSchema),
  body('shoe.inserted', shoeInsertedPayloadSchema),
  body('shoe.removed', shoeRemovedPayloadSchema),
  body('shoe.card', shoeCardPayloadSchema),
  body('shoe.unreadable', shoeUnreadablePayloadSchema),
  body('shoe.cut_card', shoeCutCardPayloadSchema),
  body('button.pressed', buttonPressedPayloadSchema),
  body('dice.result', diceResultPayloadSchema),
  body('dice.fault', diceFaultPayloadSchema),
  body('shaker.state', shakerStatePayloadSchema),
  body('moneywheel.state', moneyWheelStatePayloadSchema),
  body('moneywheel.result', moneyWheelResultPayloadSchema),
  body('moneywheel.fault', moneyWheelFaultPayloadSchema),
  body('device.heartbeat', deviceHeartbeatPayloadSchema),
  body('device.fault', deviceFaultPayloadSchema),
] as const);
export type DeviceEventBody = z.infer<typeof deviceEventBodySchema>;
export type DeviceEventType = DeviceEventBody['type'];
export type DeviceEventOf<T extends DeviceEventType> = Extract<DeviceEventBody, { type: T }>;
export type PayloadOf<T extends DeviceEventType> = DeviceEventOf<T>['payload'];

export const DEVICE_EVENT_TYPES: readonly DeviceEventType[] = deviceEventBodySchema.options.map((o) => o.shape.type.value);

const envelopeFields = {
  v: z.literal(1),
  tableId: z.string().min(1).max(64),
  deviceId: z.string().min(1).max(64),
  /** Device monotonic counter stamped by the edge agent. */
  seq: z.int().min(0),
  /** Edge host clock, epoch milliseconds. */
  at: z.int().min(0),
};
/** The envelope without its typed body: used to tell a schema mismatch from an unknown type. */
export const envelopeHeaderSchema = z.object({ ...envelopeFields, type: z.string() });

const ev = <T extends string, P extends z.ZodType>(type: T, payload: P) => z.object({ ...envelopeFields, type: z.literal(type), payload });

/** Full v1 event message on `.../events`. */
export const deviceEventSchema = z.discriminatedUnion('type', [
  ev('wheel.state', wheelStatePayloadSchema),
  ev('wheel.ball', wheelBallPayloadSchema),
  ev('wheel.result', wheelResultPayloadSchema),
  ev('wheel.fault', wheelFaultPayloadSchema),
  ev('shoe.inserted', shoeInsertedPayloadSchema),
  ev('shoe.removed', shoeRemovedPayloadSchema),
  ev('shoe.card', shoeCardPayloadSchema),
  ev('shoe.unreadable', shoeUnreadablePayloadSchema),
  ev('shoe.cut_card', shoeCutCardPayloadSchema),
  ev('button.pressed', buttonPressedPayloadSchema),
  ev('dice.result', diceResultPayloadSchema),
  ev('dice.fault', diceFaultPayloadSchema),
  ev('shaker.state', shakerStatePayloadSchema),
  ev('moneywheel.state', moneyWheelStatePayloadSchema),
  ev('moneywheel.result', moneyWheelResultPayloadSchema),
  ev('moneywheel.fault', moneyWheelFaultPayloadSchema),
  ev('device.heartbeat', deviceHeartbeatPayloadSchema),
  ev('device.fault', deviceFaultPayloadSchema),
] as const);
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** A canonical event body with the time the edge saw it (what trackers and `decodeCapture` produce). */
export type TimedDeviceEvent = DeviceEventBody & { readonly at: number };

export interface EnvelopeHeader {
  readonly tableId: string;
  readonly deviceId: string;
  readonly seq: number;
  readonly at: number;
}

/** Wrap a tracker's event body in the v1 envelope. */
export function toDeviceEvent(header: EnvelopeHeader, ev: DeviceEventBody): DeviceEvent {
  return { v: 1, tableId: header.tableId, deviceId: header.deviceId, seq: header.seq, at: header.at, ...ev } as DeviceEvent;
}
