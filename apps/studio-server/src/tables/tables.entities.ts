import type { FeatureSchema } from '../persistence/entities.js';
import { StudioTables1763700000000 } from './migrations/1763700000000-studio-tables.js';
import { TableEntity } from './table.entity.js';

/** The tables module's table (collected by the composition root, src/server-schema.ts). */
export const TABLES_SCHEMA: FeatureSchema = { entities: [TableEntity], migrations: [StudioTables1763700000000] };
