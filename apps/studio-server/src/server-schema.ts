/**
 * The composition root's schema: every module's entities and migrations, collected (issue 19 §1). The
 * running server (platform.module.ts), the tests and the benchmarks open their DataSource with it; no
 * module imports this file.
 */
import { ALERTS_SCHEMA } from './alerts/alerts.entities.js';
import { AUDIT_SCHEMA } from './audit/audit.entities.js';
import { AUTH_SCHEMA } from './auth/auth.entities.js';
import { CHAT_SCHEMA } from './chat/chat.entities.js';
import { INTEGRITY_SCHEMA } from './integrity/integrity.entities.js';
import { LIMITS_SCHEMA } from './limits/limits.entities.js';
import { MQTT_SCHEMA } from './mqtt/mqtt.entities.js';
import { collectSchemas, PERSISTENCE_SCHEMA } from './persistence/entities.js';
import { POKER_SCHEMA } from './poker/poker.entities.js';
import { ROUNDS_SCHEMA } from './rounds/rounds.entities.js';
import { TABLES_SCHEMA } from './tables/tables.entities.js';
import { SEAMLESS_SCHEMA } from './wallet/seamless/seamless.entities.js';
import { STREAMS_SCHEMA } from './streams/streams.entities.js';

export const SERVER_SCHEMA = collectSchemas([PERSISTENCE_SCHEMA, TABLES_SCHEMA, AUTH_SCHEMA, ROUNDS_SCHEMA, ALERTS_SCHEMA, AUDIT_SCHEMA, MQTT_SCHEMA, LIMITS_SCHEMA, SEAMLESS_SCHEMA, POKER_SCHEMA, STREAMS_SCHEMA, CHAT_SCHEMA, INTEGRITY_SCHEMA]);
