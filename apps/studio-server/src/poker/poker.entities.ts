import type { FeatureSchema } from '../persistence/entities.js';
import { PokerTables1764300000000 } from './migrations/1764300000000-poker-tables.js';
import { PokerTableEntity } from './poker-table.repository.js';

/** The poker module's table (collected by the composition root, src/server-schema.ts). */
export const POKER_SCHEMA: FeatureSchema = { entities: [PokerTableEntity], migrations: [PokerTables1764300000000] };
