import { readFileSync } from 'node:fs';
import { COMMANDS } from './commands.js';
import { EXIT, line, type CliIo, type ExitCode } from './kit/io.js';

export { COMMANDS } from './commands.js';
export type { CliCommand } from './kit/command.js';
export { EXIT, type CliIo, type ExitCode } from './kit/io.js';

function mainHelp(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((n) => n.length));
  return [
    'Usage: felt <command> [options]',
    '',
    'Felt live-studio tools.',
    '',
    'Commands:',
    ...names.map((n) => `  ${n.padEnd(width)}  ${COMMANDS[n]?.summary ?? ''}`),
    '',
    'Run `felt <command> --help` for a command’s options; `felt --version` prints the version.',
  ].join('\n');
}

/**
 * The whole CLI as a function: `argv` without node and the script (process.argv.slice(2)); output
 * only through `io`; returns the exit code (0 ok, 1 internal error, 2 usage or input error).
 */
export async function run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    line(io.stderr, mainHelp());
    return EXIT.usage;
  }
  if (name === '--version' || name === '-V') {
    line(io.stdout, `felt ${cliVersion()}`);
    return EXIT.ok;
  }
  if (name === '--help' || name === '-h') {
    line(io.stdout, mainHelp());
    return EXIT.ok;
  }
  if (name === 'help') {
    const target = rest[0];
    if (target === undefined) {
      line(io.stdout, mainHelp());
      return EXIT.ok;
    }
    const cmd = Object.hasOwn(COMMANDS, target) ? COMMANDS[target] : undefined;
    if (!cmd) return unknown(io, target);
    line(io.stdout, cmd.help);
    return EXIT.ok;
  }
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!cmd) return unknown(io, name);
  try {
    return await cmd.run(rest, io);
  } catch (e: unknown) {
    line(io.stderr, `felt ${name}: internal error: ${e instanceof Error ? e.message : String(e)} [INTERNAL]`); // never a stack trace
    return EXIT.internal;
  }
}

/** The CLI package's version (issue 22 §17): from its package.json, beside src/ and dist/ alike. */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

function unknown(io: CliIo, name: string): ExitCode {
  line(io.stderr, `felt: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; see felt --help)`);
  return EXIT.usage;
}
