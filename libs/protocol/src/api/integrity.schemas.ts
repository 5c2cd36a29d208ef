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

/** Issue 23 §3: one advantage-play test (a permutation test over the shoes the player bet in). */
export const AdvantageTestSchema = z.object({
  name: z.enum(['spread', 'wonging', 'side']),
  /** How far the observation stands above random pairings of behaviour and shoe, in their standard deviations. */
  statistic: z.number(),
  shoes: z.number().int(),
  pValue: z.number().min(0).max(1),
});

/** The evidence chart: the player's bets and mean stake at each true count. */
export const CountBucketSchema = z.object({ trueCount: z.number().int(), rounds: z.number().int(), bets: z.number().int(), meanStake: z.number().int(), sideBets: z.number().int() });

export const PlayerAdvantageReportSchema = z.object({
  playerId: z.string(),
  bets: z.number().int(),
  shoes: z.number().int(),
  alarm: z.boolean(),
  pValue: z.number().min(0).max(1),
  alpha: z.number(),
  minShoes: z.number().int(),
  correlation: z.number(),
  minStake: z.number().int(),
  maxStake: z.number().int(),
  tests: z.array(AdvantageTestSchema).readonly(),
  chart: z.array(CountBucketSchema).readonly(),
});

/** One player at the blackjack and baccarat tables, with their advantage-play report. */
export const PlayerIntegritySchema = z.object({
  playerId: z.string(),
  tables: z.array(z.object({ tableId: z.string(), game: z.string() })).readonly(),
  lastAt: z.number(),
  report: PlayerAdvantageReportSchema,
});
export type PlayerIntegrity = z.infer<typeof PlayerIntegritySchema>;
/**
 * A player's report as the pit reads it (GET /integrity/players): with the account's display name — staff
 * see names, a person is not an id (issue 20); null when the account is gone. The monitors keep ids only.
 */
export const PlayerIntegrityReadSchema = PlayerIntegritySchema.extend({ name: z.string().nullable() });
export type PlayerIntegrityRead = z.infer<typeof PlayerIntegrityReadSchema>;
export const PlayerIntegrityListSchema = z.object({ players: z.array(PlayerIntegrityReadSchema) });
export type PlayerIntegrityList = z.infer<typeof PlayerIntegrityListSchema>;

/** Issue 23 §5: a roulette player's bets by their time before "no more bets", and the late ones' wins against chance. */
export const LateBettorReportSchema = z.object({
  playerId: z.string(),
  bets: z.number().int(),
  late: z.number().int(),
  lateShare: z.number().min(0).max(1),
  lateWins: z.number().int(),
  lateExpected: z.number(),
  earlyWins: z.number().int(),
  earlyExpected: z.number(),
  pValue: z.number().min(0).max(1),
  alpha: z.number(),
  alarm: z.boolean(),
  minLate: z.number().int(),
  lateMs: z.number().int(),
  /** Bets, wins and the wins chance expects in each second before the close (the last: that many seconds or more). */
  timing: z.array(z.object({ second: z.number().int(), bets: z.number().int(), wins: z.number().int(), expected: z.number() })).readonly(),
});
/** One player at the roulette tables (their tables, most bets first). */
export const LateBettorSchema = z.object({ playerId: z.string(), tables: z.array(z.string()).readonly(), report: LateBettorReportSchema });
export type LateBettor = z.infer<typeof LateBettorSchema>;
/** A late bettor as the pit reads it (GET /integrity/late-bettors): with the account's display name (null: gone). */
export const LateBettorReadSchema = LateBettorSchema.extend({ name: z.string().nullable() });
export type LateBettorRead = z.infer<typeof LateBettorReadSchema>;
export const LateBettorListSchema = z.object({ players: z.array(LateBettorReadSchema) });
export type LateBettorList = z.infer<typeof LateBettorListSchema>;

/** Issue 23 §5: a round in which members of a group bet the same spot within the window (the group's evidence). */
export const CoBetSchema = z.object({ tableId: z.string(), roundId: z.string(), spot: z.string(), players: z.array(z.string()).readonly(), at: z.number(), gapMs: z.number() });
/** One pair's co-bets against what two independent players with their habits would show (p-value Bonferroni-adjusted over the pairs tested). */
export const PatternPairSchema = z.object({
  players: z.tuple([z.string(), z.string()]).readonly(),
  sharedRounds: z.number().int(),
  coBets: z.number().int(),
  expected: z.number(),
  pValue: z.number().min(0).max(1),
  alarm: z.boolean(),
});
/** Accounts betting the same spots at the same moments (alarming pairs merged), with the tables it spans and the co-bets at two tables within a second. */
export const PatternGroupSchema = z.object({
  players: z.array(z.string()).readonly(),
  pValue: z.number().min(0).max(1),
  pairs: z.array(PatternPairSchema).readonly(),
  tables: z.array(z.string()).readonly(),
  coBets: z.number().int(),
  simultaneous: z.number().int(),
  evidence: z.array(CoBetSchema).readonly(),
});
export const SharedPatternsReportSchema = z.object({
  bets: z.number().int(),
  rounds: z.number().int(),
  players: z.number().int(),
  pairsTested: z.number().int(),
  pValue: z.number().min(0).max(1),
  alpha: z.number(),
  alarm: z.boolean(),
  windowMs: z.number(),
  groups: z.array(PatternGroupSchema).readonly(),
  topPairs: z.array(PatternPairSchema).readonly(),
});
/** GET /integrity/bet-patterns: the last evaluation over the wheel and card tables' recent rounds, with the accounts' names (null: gone). */
export const BetPatternsSchema = z.object({
  /** When it was evaluated (epoch ms; null before the first). */
  evaluatedAt: z.number().nullable(),
  report: SharedPatternsReportSchema,
  names: z.array(z.object({ playerId: z.string(), name: z.string().nullable() })).readonly(),
});
export type BetPatterns = z.infer<typeof BetPatternsSchema>;
export type PatternGroup = z.infer<typeof PatternGroupSchema>;

/** Issue 23 §4: one finding at a poker table (chip dumping, soft play, timing, a shared connection), with the hands that are its evidence. */
export const PokerFindingSchema = z.object({
  kind: z.enum(['chip-dumping', 'soft-play', 'timing', 'shared-connection']),
  /** table-local player keys (`pk1` …): see the table's `players` for their display names. */
  players: z.array(z.string()).readonly(),
  pValue: z.number().min(0).max(1),
  alarm: z.boolean(),
  detail: z.string(),
  /** hand ids; each replays with `felt settle poker-<variant>` from GET /poker-tables/:id/hands/:handId/events (pit boss). */
  hands: z.array(z.string()).readonly(),
});
export const PokerIntegrityReportSchema = z.object({
  hands: z.number().int(),
  players: z.array(z.string()).readonly(),
  pValue: z.number().min(0).max(1),
  alpha: z.number(),
  alarm: z.boolean(),
  suspects: z.array(z.string()).readonly(),
  findings: z.array(PokerFindingSchema).readonly(),
  /** chips from one player to another over the hands (each loser's loss shared among the winners), and the hands counted as dumps. */
  flows: z.array(z.object({ from: z.string(), to: z.string(), chipsMinor: z.number().int(), hands: z.number().int(), dumps: z.number().int() })).readonly(),
  timing: z.array(z.object({ playerId: z.string(), decisions: z.number().int(), medianMs: z.number(), logSd: z.number(), cv: z.number(), pValue: z.number().min(0).max(1) })).readonly(),
});
/** One live poker table's collusion and bot report (its last hands). */
export const PokerTableIntegritySchema = z.object({
  tableId: z.string(),
  name: z.string(),
  variant: z.string(),
  currency: z.string(),
  lastAt: z.number(),
  /** the table's players by key, with the display name they sit under and their account (`playerId`: staff read this, to flag a player). */
  players: z.array(z.object({ key: z.string(), name: z.string(), robot: z.boolean(), playerId: z.string() })).readonly(),
  report: PokerIntegrityReportSchema,
});
export type PokerTableIntegrity = z.infer<typeof PokerTableIntegritySchema>;
/** Issue 23: a pair of accounts seen together at two or more poker tables (flagged together, named together, or sharing a connection). */
export const PokerCrossTableFindingSchema = z.object({
  /** the two accounts (sorted), with the name each sits under. */
  players: z.array(z.object({ playerId: z.string(), name: z.string() })).readonly(),
  tables: z.array(z.object({ tableId: z.string(), name: z.string(), kinds: z.array(PokerFindingSchema.shape.kind).readonly(), pValue: z.number().min(0).max(1), alarm: z.boolean(), hands: z.array(z.string()).readonly() })).readonly(),
  /** Fisher-combined over the tables, Bonferroni over the pairs (0: a shared connection). */
  pValue: z.number().min(0).max(1),
  alarm: z.boolean(),
  detail: z.string(),
});
export type PokerCrossTableFinding = z.infer<typeof PokerCrossTableFindingSchema>;
/** GET /integrity/poker: every table's report, and the pairs of accounts seen together across tables. */
export const PokerTableIntegrityListSchema = z.object({ tables: z.array(PokerTableIntegritySchema), crossTable: z.array(PokerCrossTableFindingSchema) });
export type PokerTableIntegrityList = z.infer<typeof PokerTableIntegrityListSchema>;

/**
 * Issue 23, the pit's action "flag a player": a flag on a player account — who flagged it, when and why, and,
 * once lifted, who lifted it, when and why (both audited). While it stands every pit boss sees it beside the
 * player's name on every screen, and the player may not take a new seat at live poker (POKER_PLAYER_FLAGGED).
 */
export const PlayerFlagSchema = z.object({
  flagId: z.string(),
  playerId: z.string(),
  /** the account's display name (null: the account is gone). */
  name: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
  byName: z.string(),
  at: z.number(),
  lifted: z.object({ by: z.string(), byName: z.string(), at: z.number(), reason: z.string() }).nullable(),
});
export type PlayerFlag = z.infer<typeof PlayerFlagSchema>;
export const PlayerFlagListSchema = z.object({ flags: z.array(PlayerFlagSchema) });
export type PlayerFlagList = z.infer<typeof PlayerFlagListSchema>;
/** POST /integrity/flags: flag a player account (a reason is required: it is audited). */
export const FlagPlayerBodySchema = z.object({ playerId: z.string().min(1).max(200), reason: z.string().trim().min(1).max(500) }).strict();
export type FlagPlayerBody = z.infer<typeof FlagPlayerBodySchema>;
/** GET /integrity/flags: the standing flags (default) or every flag with its lifting (`all=1`), newest first. */
export const PlayerFlagQuerySchema = z.object({ all: z.enum(['0', '1']).optional() });
