// @felt-studio/client-sdk — typed REST + WebSocket client of the studio server (docs/architecture.md "Transports").
export * from './errors.js';
export * from './dealer.types.js';
export * from './ids.js';
export * from './types.js';
export * from './pit.types.js';
export * from './felt.client.js';
export * from './realtime.client.js';
export * from './device-credentials.js';
