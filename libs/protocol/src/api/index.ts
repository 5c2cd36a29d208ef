export * from './api.schema.js';
export * from './responses.js';
