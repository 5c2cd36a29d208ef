export * from './api.schema.js';
export * from './responses.js';
export * from './pit.responses.js';
export * from './response.schemas.js';
export * from './limits.schema.js';
export * from './poker-table.contract.js';
export * from './table-commands.js';
export * from './poker-table.schemas.js';
