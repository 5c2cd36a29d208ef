/** Responsible-gambling REST bodies and responses (issue 12 point 2; spec docs/rules/live-poker.md §2.9). */
import { z } from 'zod';

export const RG_KIND_VALUES = ['loss', 'time'] as const;
export const RG_PERIOD_VALUES = ['session', 'day', 'week', 'month'] as const;
export const EXCLUSION_PERIOD_VALUES = ['12h', '1w', '1m', '3m', '6m', '1y'] as const;

/** Set (value) or remove (null) a limit: loss in minor units, time in minutes. Lower: at once; higher or removed: from the next period. */
export const SetLimitBodySchema = z.object({
  kind: z.enum(RG_KIND_VALUES),
  period: z.enum(RG_PERIOD_VALUES),
  value: z.number().int().positive().max(1_000_000_000).nullable(),
});
export type SetLimitBody = z.infer<typeof SetLimitBodySchema>;

/** Reality check every N minutes of a session (null: off). */
export const RealityCheckBodySchema = z.object({ intervalMinutes: z.number().int().min(5).max(240).nullable() });
export type RealityCheckBody = z.infer<typeof RealityCheckBodySchema>;

export const SelfExclusionBodySchema = z.object({ period: z.enum(EXCLUSION_PERIOD_VALUES) });
export type SelfExclusionBody = z.infer<typeof SelfExclusionBodySchema>;

const perPeriod = z.object({ session: z.number(), day: z.number(), week: z.number(), month: z.number() });
const limitTable = z.object({ session: z.number().optional(), day: z.number().optional(), week: z.number().optional(), month: z.number().optional() });
export const PlayerLimitsSchema = z.object({
  playerId: z.string(),
  settings: z.object({
    limits: z.object({ loss: limitTable, time: limitTable }),
    pending: z.array(z.object({ kind: z.enum(RG_KIND_VALUES), period: z.enum(RG_PERIOD_VALUES), value: z.number().nullable(), requestedAt: z.number(), from: z.union([z.number(), z.literal('next-session')]) })),
    realityCheckMinutes: z.number().nullable(),
    excludedUntil: z.number().nullable(),
  }),
  usage: z.object({ lossMinor: perPeriod, minutes: perPeriod, session: z.object({ start: z.number(), last: z.number() }).nullable() }),
  excluded: z.boolean(),
});
export type PlayerLimits = z.infer<typeof PlayerLimitsSchema>;

/** `rg.reality-check` socket frame. */
export const RealityCheckFrameSchema = z.object({ playerId: z.string(), at: z.number(), intervalMinutes: z.number(), sessionStartedAt: z.number(), sessionMinutes: z.number(), sessionLossMinor: z.number() });
