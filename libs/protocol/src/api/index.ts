export * from './api.schema.js';
export * from './responses.js';
export * from './pit.responses.js';
