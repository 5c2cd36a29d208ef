/**
 * A module's share of the one DataSource: its TypeORM entities and migrations (issue 19 §1). Each module
 * declares its own (`<module>.entities.ts`, `forFeature`-style); the composition root (src/server-schema.ts)
 * collects them and hands the whole set to PersistenceModule.forRoot / openDataSource, so PGlite and
 * PostgreSQL run the same set and no module lists another's tables.
 */
import { BetEntity, BetOutcomeEntity } from './bet.entity.js';
import { AccountBalanceEntity, LedgerEntryEntity, LedgerPostingEntity } from './ledger.entity.js';
import { Initial1763690000000 } from './migrations/1763690000000-initial.js';
import { BetFillfactor1764200000000 } from './migrations/1764200000000-bet-fillfactor.js';
import { BetOutcome1764310000000 } from './migrations/1764310000000-bet-outcome.js';
import { RoundEventEntity } from './round-event.entity.js';
import { RoundEntity } from './round.entity.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Constructor = Function;

export interface FeatureSchema {
  readonly entities: readonly Constructor[];
  readonly migrations: readonly Constructor[];
}

/** The timestamp TypeORM orders a migration by (the class name's trailing 13 digits). */
const stampOf = (m: Constructor): number => Number(/(\d{13})$/.exec(m.name)?.[1] ?? 0);

/** One DataSource's schema from the modules' shares: every entity once; migrations in timestamp order (stable). */
export function collectSchemas(parts: readonly FeatureSchema[]): FeatureSchema {
  const entities = [...new Set(parts.flatMap((p) => p.entities))];
  const migrations = [...new Set(parts.flatMap((p) => p.migrations))].sort((a, b) => stampOf(a) - stampOf(b));
  return { entities, migrations };
}

/** The persistence module's own tables: rounds, round events, bets and outcomes, the ledger. */
export const PERSISTENCE_SCHEMA: FeatureSchema = {
  entities: [RoundEventEntity, RoundEntity, BetEntity, BetOutcomeEntity, LedgerPostingEntity, LedgerEntryEntity, AccountBalanceEntity],
  migrations: [Initial1763690000000, BetFillfactor1764200000000, BetOutcome1764310000000],
};
