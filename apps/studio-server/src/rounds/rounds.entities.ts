import type { FeatureSchema } from '../persistence/entities.js';
import { PendingRequests1763800000000 } from './migrations/1763800000000-pending-requests.js';
import { PendingRequestEntity } from './pending-request.entity.js';

/** The rounds module's own table: pending void / manual-entry requests (collected by src/server-schema.ts). */
export const ROUNDS_SCHEMA: FeatureSchema = { entities: [PendingRequestEntity], migrations: [PendingRequests1763800000000] };
