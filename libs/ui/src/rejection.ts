import type { Rejection } from '@felt-studio/protocol';
import type { TFunction } from 'i18next';
import { formatMoney } from './money.js';

/**
 * A server rejection as a person reads it (issue 20 defect 5): translated on the client by its code and
 * details (English and Swedish, `common:rejections.<CODE>`), amounts as money in the table's currency
 * (never minor units), the rule ID left out of the text (the notice shows it once, as a badge). A code
 * without a translation, or whose details are missing, falls back to the server's message with the
 * rule ID taken out.
 */

/** The parameters each translated code needs: `<name>Minor` details become money under `<name>`. */
const PARAMS: Readonly<Record<string, readonly string[]>> = {
  BELOW_MIN: ['kind', 'min'],
  ABOVE_MAX: ['kind', 'max'],
  TABLE_MAX: ['tableMax'],
  STAKE_TOO_LARGE: ['ceiling'],
  COVERAGE_LIMIT: ['coveredAfter', 'pockets', 'maxCoveredPockets'],
  BETTING_CLOSED: [],
  INSUFFICIENT_FUNDS: [],
  INVALID_AMOUNT: [],
  NOTHING_TO_REBET: [],
  RATE_LIMITED: [],
  BET_NOT_FOUND: [],
  NOT_YOUR_BET: [],
  NOT_SEAT_OWNER: [],
  CHAT_RATE_LIMITED: [],
  CHAT_WORD_FILTERED: [],
  CHAT_LINK_REFUSED: [],
  CHAT_MONEY_REFUSED: [],
  CHAT_MUTED: [],
  CHAT_BANNED: [],
  CHAT_TOO_LONG: [],
  CHAT_NOT_AT_TABLE: [],
  TIP_OUT_OF_LIMITS: ['min', 'max'],
  SEAT_LIMIT: ['maxSeatsPerPlayer'],
  BEHIND_EMPTY_SEAT: ['seat'],
  BEHIND_OWN_SEAT: ['seat'],
  BEHIND_SEAT_FULL: ['seat'],
  BEHIND_SEAT_MAX: ['seat', 'left'],
};

/** Details in minor units that are not named `…Minor`. */
const MONEY_DETAILS = new Set(['ceiling']);

/** The server's message without its rule ID ("RES-1: … (RES-1)." → "…."). */
export function withoutRuleId(message: string, ruleId: string | null): string {
  if (!ruleId) return message;
  const esc = ruleId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return message
    .replace(new RegExp(`^${esc}\\s*[:·-]\\s*`), '')
    .replace(new RegExp(`\\s*\\(${esc}\\)`, 'g'), '')
    .trim();
}

export function rejectionText(r: Rejection, t: TFunction, opts: { readonly currency?: string | undefined; readonly locale: string }): string {
  const need = PARAMS[r.code];
  const fallback = withoutRuleId(r.message, r.ruleId);
  if (need === undefined) return fallback;
  const details = r.details ?? {};
  const currency = opts.currency ?? (typeof details['currency'] === 'string' ? details['currency'] : undefined);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details)) {
    if (typeof v !== 'number' && typeof v !== 'string') continue;
    const isMoney = k.endsWith('Minor') || MONEY_DETAILS.has(k);
    const name = k.endsWith('Minor') ? k.slice(0, -'Minor'.length) : k;
    if (isMoney) {
      if (typeof v === 'number' && currency !== undefined) params[name] = formatMoney(v, currency, opts.locale);
    } else params[name] = v;
  }
  if (need.some((p) => params[p] === undefined)) return fallback;
  if (typeof params['kind'] === 'string') params['kind'] = t(`spotKinds.${params['kind']}`, { defaultValue: params['kind'] });
  return t(`rejections.${r.code}`, params);
}
