import { describe, expect, it } from 'vitest';
import { bounded, checkChatText, shiftStart, wordsOf } from './chat.rules.js';
import { DEFAULT_CHAT_DATA } from './chat.data.js';

const check = (t: string) => checkChatText(t, DEFAULT_CHAT_DATA.words);
const codeOf = (t: string) => {
  const r = check(t);
  return r.ok ? 'ok' : r.code;
};

describe('table chat rules (issue 24; docs/chat-and-tips.md)', () => {
  it('CHAT-4 links: schemes, www, mail addresses, domains (also "dot"), messenger links', () => {
    for (const t of ['http://x.y', 'HTTPS://EXAMPLE.COM/a', 'ftp://files', 'www.casino.se', 'www . evil', 'me@mail.se', 'visit lucky-spins.com', 'lucky spins dot com', 'bonus punkt se', 't.me/deals', 'discord.gg/abc']) expect(codeOf(t), t).toBe('CHAT_LINK_REFUSED');
  });

  it('CHAT-4 money: a currency with a number, separators, k/m amounts, 4+ digits; table talk with small numbers passes', () => {
    for (const t of ['€5', '5€', '$ 20', '20 dollars', '100 kr', '50 SEK', 'EUR 10', '1 000 on black', '2.50 each', '5k', '1.5m', 'bet 2500', 'btc 1']) expect(codeOf(t), t).toBe('CHAT_MONEY_REFUSED');
    for (const t of ['17 and 4!', 'red 32 again', 'third dozen', 'banker 5 times in a row', 'gl hf']) expect(codeOf(t), t).toBe('ok');
  });

  it('CHAT-3 words: whole words only, any case, look-alike digits undone, every language; a word inside another word passes', () => {
    for (const t of ['FUCK', 'f4ck'.replace('4', 'u'), 'sh1t', 'you b1tch', 'jävla', 'JÄVLAR', 'helvete!']) expect(codeOf(t), t).toBe('CHAT_WORD_FILTERED');
    for (const t of ['Scunthorpe', 'shiitake', 'a big fan', 'helvetica']) expect(codeOf(t), t).toBe('ok');
    expect(wordsOf('Sh1t-h3ad')).toEqual(['sh', 't', 'h', 'ad', 'shit', 'head']);
  });

  it('CHAT-1: 1 to 200 characters after trimming (zero-width characters do not count)', () => {
    expect(codeOf('a'.repeat(200))).toBe('ok');
    expect(codeOf('a'.repeat(201))).toBe('CHAT_TOO_LONG');
    expect(codeOf('\u200b\u200b')).toBe('CHAT_TOO_LONG');
    expect(check('  hi   there ')).toEqual({ ok: true, text: 'hi there' });
  });

  it('CHAT-6 keeps the newest; TIP-3 the shift starts at the dealer’s sign-in, else the UTC day', () => {
    expect(bounded([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(bounded([1], 2)).toEqual([1]);
    expect(shiftStart(123, 10_000)).toBe(123);
    expect(shiftStart(null, Date.UTC(2026, 10, 27, 21, 5))).toBe(Date.UTC(2026, 10, 27));
  });
});
