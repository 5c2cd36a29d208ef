import type { FeatureSchema } from '../persistence/entities.js';
import { TableStreams1764740000000 } from './migrations/1764740000000-table-streams.js';
import { TableStreamEntity } from './table-stream.entity.js';

/** The streams module's table (collected by the composition root, src/server-schema.ts). */
export const STREAMS_SCHEMA: FeatureSchema = { entities: [TableStreamEntity], migrations: [TableStreams1764740000000] };
