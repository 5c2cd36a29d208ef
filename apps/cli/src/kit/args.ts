import { parseArgs } from 'node:util';
import { gameModule, GAME_IDS, OFFLINE_GAME_IDS, type GameModule } from '@felt-studio/games';

export type OptionSpec = Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>;

export type Parsed = { readonly ok: true; readonly positionals: readonly string[]; readonly values: Readonly<Record<string, string | boolean | undefined>> } | { readonly ok: false; readonly message: string };

/** Strict parsing: an unknown flag or a missing flag value is a usage error (exit 2), never ignored. */
export function parseCommandArgs(args: readonly string[], options: OptionSpec): Parsed {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    return { ok: true, positionals, values: values as Record<string, string | boolean | undefined> };
  } catch (e: unknown) {
    // parseArgs throws a TypeError with code ERR_PARSE_ARGS_* for bad command lines only.
    if (e instanceof TypeError && 'code' in e && String((e as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')) return { ok: false, message: e.message };
    throw e;
  }
}

export type Resolved<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Every game with offline tools, from the manifests (`roulette | baccarat | …`): the help lists them, never by hand. */
export const toolGames = (): string => [...GAME_IDS, ...OFFLINE_GAME_IDS].filter((g) => gameModule(g) !== undefined).join(' | ');

/** A registered game module by id; the message lists what is available. */
export function resolveGame(id: string | undefined): Resolved<GameModule> {
  const registered = [...GAME_IDS, ...OFFLINE_GAME_IDS].filter((g) => gameModule(g) !== undefined);
  if (id === undefined) return { ok: false, message: `missing <game> (one of: ${registered.join(', ')})` };
  const m = gameModule(id);
  if (m) return { ok: true, value: m };
  if ((GAME_IDS as readonly string[]).includes(id)) return { ok: false, message: `game "${id}" is not available in this build yet (available: ${registered.join(', ')})` };
  return { ok: false, message: `unknown game "${id}" (one of: ${registered.join(', ')})` };
}

/** The profile key of a module (`--profile`), defaulting to the module's default profile. */
export function resolveProfile(m: GameModule, name: string | boolean | undefined): Resolved<string> {
  if (name === undefined || name === false) return { ok: true, value: m.defaultProfile };
  if (typeof name !== 'string' || name === '') return { ok: false, message: '--profile needs a profile name' };
  if (m.profiles[name]) return { ok: true, value: name };
  const byId = Object.entries(m.profiles).find(([, p]) => p.id === name);
  if (byId) return { ok: true, value: byId[0] };
  return { ok: false, message: `unknown profile "${name}" for ${m.id} (one of: ${Object.keys(m.profiles).join(', ')})` };
}

/** A non-negative safe integer flag value (`--seed`, `--rounds`). */
export function intFlag(name: string, raw: string | boolean | undefined, min: number): Resolved<number | undefined> {
  if (raw === undefined) return { ok: true, value: undefined };
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min) return { ok: false, message: `--${name} must be a whole number ≥ ${min}, got ${JSON.stringify(raw)}` };
  return { ok: true, value: Number(raw) };
}
