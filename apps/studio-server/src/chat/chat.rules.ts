/**
 * The table chat's message rules (issue 24; docs/chat-and-tips.md CHAT-1, CHAT-3, CHAT-4), pure: a text in,
 * the text to post or the code it is refused with. The words are data (`ChatData.words`, per language); the
 * rules never name a word.
 *
 * Refused, never stripped: a message with a filtered word, a link or an amount is refused with its code
 * and reaches nobody. Stripping would post a text the player did not write (and "send 50 to ___" still
 * says what it says); refusing tells the player exactly what the table does not carry, in their language.
 */
import { CHAT_MAX_LENGTH, type ChatData } from '@felt-studio/protocol';

export type ChatRefusal = 'CHAT_TOO_LONG' | 'CHAT_WORD_FILTERED' | 'CHAT_LINK_REFUSED' | 'CHAT_MONEY_REFUSED';
export type ChatCheck = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: ChatRefusal; readonly message: string };

/** Look-alike digits and signs undone before matching words (`sh1t`, `$h!t` → `shit`). */
const LOOK_ALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** Lower case, compatibility-normalised (full-width letters, ligatures), control characters and zero-width joiners removed. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\u200b-\u200f\u2060\ufeff]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a text as the filter compares them: lower case, split on anything that is not a letter; as written and with look-alikes undone (`helvete!` and `sh1t` both found). */
export function wordsOf(text: string): string[] {
  const lower = text.toLocaleLowerCase('sv');
  const folded = [...lower].map((c) => LOOK_ALIKES[c] ?? c).join('');
  const split = (s: string) => s.split(/[^\p{L}]+/u).filter((w) => w.length > 0);
  return [...new Set([...split(lower), ...split(folded)])];
}

/** CHAT-4 links: a scheme, `www.`, a mail address, a domain with a common top-level domain (also written "dot"), a messenger handle. */
const LINK_PATTERNS: readonly RegExp[] = [
  /\b[a-z][a-z0-9+.-]*:\/\//i,
  /\bwww\s*\./i,
  /[\p{L}0-9._%+-]+@[\p{L}0-9.-]+\.[a-z]{2,}/iu,
  /\b[\p{L}0-9-]{2,}\s*(?:\.|\(dot\)|\[dot\]|\s+dot\s+|\s+punkt\s+)\s*(?:com|net|org|info|biz|io|co|se|uk|de|eu|ru|xyz|gg|me|tv|app|link|bet|casino|online|site|club|top|ly)\b/iu,
  /(?:^|\s)(?:t\.me|wa\.me|discord\.gg)\b/i,
];

/** CHAT-4 money: a currency sign, code or word next to a number, a number with a thousands/decimal separator or a k/m suffix, or any number of 4+ digits. */
const CURRENCY = String.raw`(?:[€$£¥₿]|\b(?:eur|euro|euros|usd|dollars?|bucks|sek|kr|kronor|kronan?|gbp|pounds?|btc|usdt)\b)`;
const NUMBER = String.raw`\d[\d\s.,']*`;
const MONEY_PATTERNS: readonly RegExp[] = [
  new RegExp(`${CURRENCY}\\s*${NUMBER}`, 'iu'),
  new RegExp(`\\b${NUMBER}\\s*${CURRENCY}`, 'iu'),
  /\b\d{1,3}(?:[.,\s']\d{3})+\b/,
  /\b\d+[.,]\d{2}\b/,
  /\b\d+(?:[.,]\d+)?\s*[km]\b/i,
  /\b\d{4,}\b/,
];

/** CHAT-1, CHAT-4, CHAT-3 in that order; `words` are the filter lists of every language the studio configures (a player may write in any). */
export function checkChatText(raw: string, words: ChatData['words']): ChatCheck {
  const text = normalise(raw);
  if (text.length === 0 || [...text].length > CHAT_MAX_LENGTH) return { ok: false, code: 'CHAT_TOO_LONG', message: `a table chat message has 1 to ${CHAT_MAX_LENGTH} characters` };
  if (LINK_PATTERNS.some((p) => p.test(text))) return { ok: false, code: 'CHAT_LINK_REFUSED', message: 'table chat never carries links, addresses or handles' };
  if (MONEY_PATTERNS.some((p) => p.test(text))) return { ok: false, code: 'CHAT_MONEY_REFUSED', message: 'table chat never carries amounts of money' };
  const banned = new Set(Object.values(words).flatMap((list) => list.map((w) => w.toLocaleLowerCase('sv'))));
  const hit = wordsOf(text).some((w) => banned.has(w));
  if (hit) return { ok: false, code: 'CHAT_WORD_FILTERED', message: "the message contains a word the studio's chat filter does not allow" };
  return { ok: true, text };
}

/** CHAT-6: keeps the newest `max` of a table's history (oldest first). */
export function bounded<T>(history: readonly T[], max: number): T[] {
  return history.length <= max ? [...history] : history.slice(history.length - max);
}

/** TIP-3: the dealer's shift at the table starts when they signed in at its console; with nobody signed in, at the UTC day's start. */
export function shiftStart(dealerSince: number | null, now: number): number {
  if (dealerSince !== null) return dealerSince;
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
