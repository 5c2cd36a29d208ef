import type { FeatureSchema } from '../persistence/entities.js';
import { AlertEntity } from './alert.entity.js';
import { AlertAcks1763900000000 } from './migrations/1763900000000-alert-acks.js';
import { AlertGroups1764320000000 } from './migrations/1764320000000-alert-groups.js';

/** The alerts module's tables (collected by the composition root, src/server-schema.ts). */
export const ALERTS_SCHEMA: FeatureSchema = { entities: [AlertEntity], migrations: [AlertAcks1763900000000, AlertGroups1764320000000] };
