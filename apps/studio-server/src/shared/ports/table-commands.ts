/** The table-command registry (issue 19 §3): `shared/commands/command-registry.ts`; the old name stays for the modules that use it. */
export { TableCommandRegistry as TableCommandHandlers } from '../commands/command-registry.js';
