import { z } from 'zod';
import { directionSchema } from './events.schema.js';

/**
 * Retained device status on `.../status` (devices.md §1). The edge agent's MQTT Last-Will publishes the same
 * shape with `state: 'offline'`. `firmware`/`configHash` are null until the agent has read them (W-6).
 */
export const DEVICE_STATUS_STATES = ['online', 'offline', 'fault'] as const;
export const deviceStatusSchema = z.object({
  state: z.enum(DEVICE_STATUS_STATES),
  model: z.string().min(1),
  firmware: z.string().nullable(),
  configHash: z.string().nullable(),
  /** Edge host clock, epoch milliseconds. */
  at: z.int().min(0),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** Correlation id of a command; echoed in its ack. */
export const commandIdSchema = z.string().min(1).max(64);

const cmd = <T extends string, P extends z.ZodType>(type: T, payload: P) => z.object({ id: commandIdSchema, type: z.literal(type), payload });

/**
 * Server → device commands on `.../commands` (QoS 1), acknowledged on `.../acks`.
 * wheel.launch → SS2 `*u 1` (cw) / `*u 3` (ccw); wheel.void-spin → `*R`; wheel.power → `*P 1`/`*P 0`;
 * timer.show → `$TMR,<s>`; timer.clear → `$TMR,0`; lamp.set → `$LAMP,<colour>`; shaker.shake → devices.md §5.
 */
export const LAMP_COLOURS = ['green', 'amber', 'red'] as const;
export type LampColour = (typeof LAMP_COLOURS)[number];

export const deviceCommandSchema = z.discriminatedUnion('type', [
  cmd('wheel.launch', z.object({ direction: directionSchema })),
  cmd('wheel.void-spin', z.object({})),
  cmd('wheel.power', z.object({ on: z.boolean() })),
  cmd('timer.show', z.object({ seconds: z.int().min(1).max(999) })),
  cmd('timer.clear', z.object({})),
  cmd('lamp.set', z.object({ colour: z.enum(LAMP_COLOURS) })),
  cmd('shaker.shake', z.object({ durationMs: z.int().min(1).max(60_000), roundId: z.string().min(1) })),
  /** Spin the money wheel for the round (a motorised wheel or the studio's robot host); its result carries the round id. */
  cmd('moneywheel.spin', z.object({ roundId: z.string().min(1) })),
] as const);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;
export type DeviceCommandType = DeviceCommand['type'];
export const DEVICE_COMMAND_TYPES: readonly DeviceCommandType[] = deviceCommandSchema.options.map((o) => o.shape.type.value);

/** Ack on `.../acks`: `{ id, ok, error? }` — `error` is a short reason, e.g. `BUSY` or `*u NO`. */
export const deviceAckSchema = z.object({
  id: commandIdSchema,
  ok: z.boolean(),
  error: z.string().min(1).optional(),
});
export type DeviceAck = z.infer<typeof deviceAckSchema>;
