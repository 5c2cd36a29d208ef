import type { CliIo, ExitCode } from './io.js';

/** One `felt <name>` subcommand. New commands (decode, sim) are one file + one entry in commands.ts. */
export interface CliCommand {
  /** One line for `felt --help`. */
  readonly summary: string;
  /** Full text for `felt <name> --help`. */
  readonly help: string;
  /** `args` = argv after the command name. Writes to io, returns the exit code; never calls process.exit. */
  run(args: readonly string[], io: CliIo): Promise<ExitCode>;
}
