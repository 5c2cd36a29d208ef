import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the table chat and tips (issue 24; rules CHAT-n / TIP-n in docs/chat-and-tips.md; registered in the shared registry). */
export const CHAT_CODES = defineErrorCodes({
  CHAT_TOO_LONG: { status: 422, ruleId: 'CHAT-1', meaning: 'The message is longer than the table chat allows (200 characters); nothing was posted.' },
  CHAT_RATE_LIMITED: { status: 429, ruleId: 'CHAT-2', meaning: 'The player sent messages faster than the table chat allows; `details.retryAfterMs` says when the next one is accepted.' },
  CHAT_WORD_FILTERED: { status: 422, ruleId: 'CHAT-3', meaning: "The message contains a word of the studio's filter list (per language); it was refused, not shown in part." },
  CHAT_LINK_REFUSED: { status: 422, ruleId: 'CHAT-4', meaning: 'The message carries a link, a web or mail address or a handle; table chat never carries links.' },
  CHAT_MONEY_REFUSED: { status: 422, ruleId: 'CHAT-4', meaning: 'The message carries an amount of money (a currency sign or word with a number, or a large amount); table chat never carries money.' },
  CHAT_MUTED: { status: 403, ruleId: 'CHAT-5', meaning: "A pit boss muted the player in this table's chat; `details.until` says until when." },
  CHAT_BANNED: { status: 403, ruleId: 'CHAT-5', meaning: "A pit boss banned the player from this table's chat until the ban is lifted." },
  CHAT_CANNED_UNKNOWN: { status: 404, ruleId: null, meaning: "No canned message with this id in the studio's list." },
  CHAT_MESSAGE_ID_CONFLICT: { status: 409, ruleId: 'D-3', meaning: 'A message with this id exists with another author, table or text.' },
  CHAT_NOT_AT_TABLE: { status: 403, ruleId: 'CHAT-7', meaning: 'The player does not have this table open (no presence at it on any instance): only players at a table chat and tip there.' },
  TIP_OUT_OF_LIMITS: { status: 422, ruleId: 'TIP-2', meaning: "The tip is below the studio's minimum or above its maximum." },
  TIP_ID_CONFLICT: { status: 409, ruleId: 'TIP-1', meaning: 'A tip with this id exists with another player, table or amount; nothing was posted.' },
  TIP_SHIFT_OPEN: { status: 409, ruleId: 'TIP-5', meaning: "The dealer is still at the table's console in this shift: a shift's tips are paid out once it ended." },
  TIP_SHIFT_NOT_FOUND: { status: 404, ruleId: 'TIP-5', meaning: 'No tips were recorded for this dealer, table and shift start: nothing to pay out.' },
});

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof CHAT_CODES> {}
}
