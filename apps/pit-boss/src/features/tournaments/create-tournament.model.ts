import { tournament as T } from '@felt-studio/games';
import type { CreateTournamentBody, Rejection } from '@felt-studio/protocol';
import { parseMoney } from '@felt-studio/ui';

/**
 * The pit boss's tournament creation form as data (issue 24; docs/tournaments.md "The creation form"): what was
 * typed (strings, amounts in major units), the obvious checks, the body of `POST /tournaments` (amounts in minor
 * units), and which field a server refusal belongs to. The server decides the terms (TRN-DEF); the form only
 * catches what is plainly not a number or out of order, so the pit boss is not sent round trips for typos.
 */

export type StructurePreset = T.StructurePreset;
export const PRESETS = Object.keys(T.STRUCTURE_PRESETS) as StructurePreset[];
export const CURRENCIES = ['EUR', 'SEK', 'USD', 'GBP'] as const;

export interface TournamentForm {
  readonly kind: 'sit-and-go' | 'scheduled';
  readonly name: string;
  /** `<input type="datetime-local">`'s value, the pit boss's local time. */
  readonly startsAt: string;
  readonly currency: string;
  readonly buyIn: string;
  readonly fee: string;
  readonly startingStack: string;
  readonly seatsPerTable: string;
  readonly minPlayers: string;
  readonly maxPlayers: string;
  readonly preset: StructurePreset;
  readonly levelMinutes: string;
  readonly lateRegistrationLevels: string;
  readonly reEntry: boolean;
  readonly maxReEntries: string;
  readonly reEntryUntilLevel: string;
  /** S1-TIMEBANK: each entry's time bank for the tournament, in seconds (0: none). */
  readonly timeBankSeconds: string;
}

export const FORM_FIELDS = ['kind', 'name', 'startsAt', 'currency', 'buyIn', 'fee', 'startingStack', 'seatsPerTable', 'minPlayers', 'maxPlayers', 'structure', 'levelMinutes', 'lateRegistrationLevels', 'reEntry', 'timeBankSeconds', 'payoutTable'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** A check that failed: an i18n key under `tournaments.create.errors` and its parameters. */
export interface FieldProblem {
  readonly key: 'required' | 'amount' | 'wholeNumber' | 'atLeast' | 'atMost' | 'minAboveMax' | 'bothZero' | 'inPast';
  readonly params?: Readonly<Record<string, number | string>>;
}
export type FormErrors = Partial<Record<FormField, FieldProblem>>;

export const DEFAULT_FORM: TournamentForm = {
  kind: 'sit-and-go',
  name: '',
  startsAt: '',
  currency: 'EUR',
  buyIn: '10',
  fee: '1',
  startingStack: '1500',
  seatsPerTable: '9',
  minPlayers: '2',
  maxPlayers: '9',
  preset: 'turbo',
  levelMinutes: String(T.STRUCTURE_PRESETS.turbo.levelMinutes),
  lateRegistrationLevels: '0',
  reEntry: false,
  maxReEntries: '1',
  reEntryUntilLevel: '4',
  timeBankSeconds: '0',
};

/** The structure the form's preset and level length give (for the table shown and the body). */
export function structureOf(f: Pick<TournamentForm, 'preset' | 'levelMinutes'>): T.StructureItem[] {
  const minutes = wholeNumber(f.levelMinutes);
  const p = T.STRUCTURE_PRESETS[f.preset];
  return p.build((minutes !== null && minutes >= 1 ? minutes : p.levelMinutes) * 60_000);
}

function wholeNumber(s: string): number | null {
  const t = s.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

/** The most entries the terms allow (re-entries included): the payout rows shown go up to it. */
export function maxEntriesOfForm(f: TournamentForm): number {
  const max = wholeNumber(f.maxPlayers) ?? 0;
  return max * (1 + (f.reEntry ? (wholeNumber(f.maxReEntries) ?? 0) : 0));
}

/** The obvious checks, then the body in minor units; `now` for "a start time in the past". No payout table: the server publishes its standard one (TRN-PAY), the one the form shows. */
export function toBody(f: TournamentForm, now: number): { readonly ok: true; readonly body: CreateTournamentBody } | { readonly ok: false; readonly errors: FormErrors } {
  const errors: { [K in FormField]?: FieldProblem } = {};
  const count = (field: FormField, s: string, min: number, max: number): number => {
    const n = wholeNumber(s);
    if (s.trim() === '') errors[field] = { key: 'required' };
    else if (n === null) errors[field] = { key: 'wholeNumber' };
    else if (n < min) errors[field] = { key: 'atLeast', params: { n: min } };
    else if (n > max) errors[field] = { key: 'atMost', params: { n: max } };
    return n ?? 0;
  };
  const money = (field: FormField, s: string): number => {
    const m = parseMoney(s, f.currency);
    if (s.trim() === '') errors[field] = { key: 'required' };
    else if (m === null) errors[field] = { key: 'amount' };
    return m ?? 0;
  };
  const name = f.name.trim();
  if (name === '') errors.name = { key: 'required' };
  let startsAt: number | null = null;
  if (f.kind === 'scheduled') {
    const at = f.startsAt === '' ? Number.NaN : new Date(f.startsAt).getTime();
    if (Number.isNaN(at)) errors.startsAt = { key: 'required' };
    else if (at <= now) errors.startsAt = { key: 'inPast' };
    else startsAt = at;
  }
  const buyInMinor = money('buyIn', f.buyIn);
  const feeMinor = money('fee', f.fee);
  if (!errors.buyIn && !errors.fee && buyInMinor + feeMinor === 0) errors.buyIn = { key: 'bothZero' };
  const startingStack = count('startingStack', f.startingStack, 1, 1_000_000_000);
  const seatsPerTable = count('seatsPerTable', f.seatsPerTable, 2, 10);
  const minPlayers = count('minPlayers', f.minPlayers, 2, 1_000);
  const maxPlayers = count('maxPlayers', f.maxPlayers, 2, 1_000);
  if (!errors.minPlayers && !errors.maxPlayers && minPlayers > maxPlayers) errors.maxPlayers = { key: 'minAboveMax' };
  count('levelMinutes', f.levelMinutes, 1, 24 * 60);
  const lateRegistrationLevels = count('lateRegistrationLevels', f.lateRegistrationLevels, 0, 200);
  let reEntry: CreateTournamentBody['reEntry'] = null;
  if (f.reEntry) {
    const maxReEntries = count('reEntry', f.maxReEntries, 1, 20);
    const untilLevel = errors.reEntry ? 0 : count('reEntry', f.reEntryUntilLevel, 1, 200);
    reEntry = { maxReEntries, untilLevel };
  }
  const timeBankSeconds = count('timeBankSeconds', f.timeBankSeconds, 0, T.MAX_TIME_BANK_MS / 1000);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { name, kind: f.kind, currency: f.currency, buyInMinor, feeMinor, startingStack, seatsPerTable, minPlayers, maxPlayers, startsAt, structure: structureOf(f), lateRegistrationLevels, reEntry, ...(timeBankSeconds > 0 ? { timeBankMs: timeBankSeconds * 1000 } : {}) },
  };
}

/** The body's field names (TRN-DEF `details.field`, a schema issue's path) → the form's field. */
const FIELD_OF: Readonly<Record<string, FormField>> = {
  kind: 'kind', name: 'name', startsAt: 'startsAt', currency: 'currency', buyInMinor: 'buyIn', feeMinor: 'fee', startingStack: 'startingStack', seatsPerTable: 'seatsPerTable',
  minPlayers: 'minPlayers', maxPlayers: 'maxPlayers', structure: 'structure', lateRegistrationLevels: 'lateRegistrationLevels', reEntry: 'reEntry', timeBankMs: 'timeBankSeconds', payoutTable: 'payoutTable',
};

/**
 * Which field a server refusal is about: TOURNAMENT_INVALID_DEF names it in `details.field` (TRN-DEF); a schema
 * refusal (INVALID_INPUT) starts its message with the path (`maxPlayers: …`). Null: the refusal is about the whole.
 */
export function fieldOfRejection(r: Rejection): FormField | null {
  if (r.code === 'TOURNAMENT_INVALID_DEF') {
    const field = r.details?.['field'];
    return typeof field === 'string' ? (FIELD_OF[field] ?? null) : null;
  }
  if (r.code === 'INVALID_INPUT') {
    const path = /^([A-Za-z]+)[.:]/.exec(r.message)?.[1];
    return path !== undefined ? (FIELD_OF[path] ?? null) : null;
  }
  return null;
}
