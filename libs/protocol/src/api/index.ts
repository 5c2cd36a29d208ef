export * from './api.schema.js';
