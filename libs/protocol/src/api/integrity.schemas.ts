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
