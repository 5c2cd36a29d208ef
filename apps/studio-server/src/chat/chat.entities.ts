import type { FeatureSchema } from '../persistence/entities.js';
import { TableChat1764800000000 } from './migrations/1764800000000-table-chat.js';
import { TipsByDealer1764810000000 } from './migrations/1764810000000-tips-by-dealer.js';

/** The chat module's tables (plain SQL in chat.repository.ts, no entity; collected by src/server-schema.ts). */
export const CHAT_SCHEMA: FeatureSchema = { entities: [], migrations: [TableChat1764800000000, TipsByDealer1764810000000] };
