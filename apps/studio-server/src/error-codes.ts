/**
 * The composition root's list of every module's error codes (issue 19 §1). Each module defines and
 * registers its own closed set (`defineErrorCodes` in its `*.codes.ts`); this file only collects them,
 * in the order of ERROR-CODES.md, so that the running server (app.module.ts imports it) knows every
 * code before the first request. No module imports this file.
 */
import { ALERTS_CODES } from './alerts/alerts.codes.js';
import { AUDIT_CODES } from './audit/audit.codes.js';
import { AUTH_CODES } from './auth/auth.codes.js';
import { CHAT_CODES } from './chat/chat.codes.js';
import { TOURNAMENT_CODES } from './tournament/tournament.codes.js';
import { BETTING_CODES } from './betting/betting.codes.js';
import { CLUSTER_CODES } from './cluster/cluster.codes.js';
import { LIMITS_CODES } from './limits/limits.codes.js';
import { MQTT_CODES } from './mqtt/mqtt.codes.js';
import { POKER_CODES } from './poker/poker.codes.js';
import { RATE_LIMIT_CODES } from './ratelimit/rate-limit.codes.js';
import { ROUNDS_CODES } from './rounds/rounds.codes.js';
import { PLATFORM_CODES } from './shared/platform.codes.js';
import { STREAMS_CODES } from './streams/streams.codes.js';
import { CAMERA_CODES } from './camera/camera.codes.js';
import { INTEGRITY_CODES } from './integrity/integrity.codes.js';
import { TABLES_CODES } from './tables/tables.codes.js';
import { SEAMLESS_CODES } from './wallet/seamless/seamless.codes.js';
import { WALLET_CODES } from './wallet/wallet.codes.js';

export const SERVER_ERRORS = { ...PLATFORM_CODES, ...AUTH_CODES, ...AUDIT_CODES, ...WALLET_CODES, ...TABLES_CODES, ...ROUNDS_CODES, ...BETTING_CODES, ...MQTT_CODES, ...ALERTS_CODES, ...LIMITS_CODES, ...RATE_LIMIT_CODES, ...SEAMLESS_CODES, ...CLUSTER_CODES, ...POKER_CODES, ...STREAMS_CODES, ...CAMERA_CODES, ...INTEGRITY_CODES, ...CHAT_CODES, ...TOURNAMENT_CODES } as const;
