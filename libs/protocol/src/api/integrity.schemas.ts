/** Issue 23: the integrity monitors' reports as the pit boss reads them (the server and the SDK share these). */
import { z } from 'zod';

export const WheelTestSchema = z.object({
  name: z.enum(['frequencies', 'pocket', 'sector', 'half', 'distance']),
  statistic: z.number(),
  /** Adjusted for the test's own scan. */
  pValue: z.number().min(0).max(1),
  pockets: z.array(z.number().int()).readonly(),
});

export const PocketFrequencySchema = z.object({ pocket: z.number().int(), count: z.number().int(), expected: z.number(), low: z.number(), high: z.number() });

export const WheelBiasReportSchema = z.object({
  spins: z.number().int(),
  window: z.number().int(),
  alarm: z.boolean(),
  pValue: z.number().min(0).max(1),
  alpha: z.number(),
  suspects: z.array(z.number().int()).readonly(),
  tests: z.array(WheelTestSchema).readonly(),
  frequencies: z.array(PocketFrequencySchema).readonly(),
});

/** One wheel (known by its reporting device, wherever it stands) with its current report. */
export const WheelIntegritySchema = z.object({ wheelId: z.string(), tableId: z.string(), lastAt: z.number(), report: WheelBiasReportSchema });
export type WheelIntegrity = z.infer<typeof WheelIntegritySchema>;

export const WheelIntegrityListSchema = z.object({ wheels: z.array(WheelIntegritySchema) });
export type WheelIntegrityList = z.infer<typeof WheelIntegrityListSchema>;

const RANK = z.enum(['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K']);

export const ShoeFindingSchema = z.object({
  /** The session's index among the shoe's last sessions, or −1 for a finding over them pooled. */
  session: z.number().int(),
  test: z.enum(['composition', 'impossible', 'repeats', 'cut', 'unreadable']),
  pValue: z.number().min(0).max(1),
  detail: z.string(),
  ranks: z.array(RANK).readonly(),
});

export const ShoeIntegrityReportSchema = z.object({
  sessions: z.number().int(),
  cards: z.number().int(),
  alarm: z.boolean(),
  pValue: z.number().min(0).max(1),
  alpha: z.number(),
  suspects: z.array(RANK).readonly(),
  findings: z.array(ShoeFindingSchema).readonly(),
  /** The last finished session's rank counts against a fair shoe (the evidence chart). */
  composition: z.array(z.array(z.object({ rank: RANK, count: z.number().int(), expected: z.number(), z: z.number() }).readonly()).readonly()).readonly(),
});

/** One shoe (known by its scanning device) over its last finished sessions. */
export const ShoeIntegritySchema = z.object({ shoeId: z.string(), tableId: z.string(), decks: z.number().int(), lastAt: z.number(), sessions: z.number().int(), currentCards: z.number().int(), report: ShoeIntegrityReportSchema });
export type ShoeIntegrity = z.infer<typeof ShoeIntegritySchema>;
export const ShoeIntegrityListSchema = z.object({ shoes: z.array(ShoeIntegritySchema) });
export type ShoeIntegrityList = z.infer<typeof ShoeIntegrityListSchema>;
