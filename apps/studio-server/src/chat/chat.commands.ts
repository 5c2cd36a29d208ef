import { fromWire, type CommandError, type TableCommandDefinition } from '../shared/commands/command.types.js';
import type { ChatService } from './chat.service.js';

const CHAT_SEND: readonly CommandError[] = ['TABLE_NOT_FOUND', 'CHAT_TOO_LONG', 'CHAT_RATE_LIMITED', 'CHAT_WORD_FILTERED', 'CHAT_LINK_REFUSED', 'CHAT_MONEY_REFUSED', 'CHAT_MUTED', 'CHAT_BANNED', 'CHAT_MESSAGE_ID_CONFLICT', 'CHAT_NOT_AT_TABLE'];

/**
 * The chat and tips commands (issue 24), each defined once: the wire half in libs/protocol
 * (`TABLE_COMMAND_WIRES` `chat.*`), here who may send it and what runs on the table's owner. REST, WS,
 * OpenAPI, the SDK and forwarding to the owner come from these.
 */
export function chatCommands(chat: ChatService): TableCommandDefinition[] {
  return [
    // Players at the table chat (CHAT-7); the dealer answers by voice or with a canned message (chat.canned).
    fromWire('chat.send', { roles: ['player'], errors: CHAT_SEND, handle: ({ tableId, actor }, b) => chat.send(tableId, actor, b.messageId, b.text) }),
    fromWire('chat.canned', { roles: ['dealer', 'pitboss'], errors: ['TABLE_NOT_FOUND', 'CHAT_CANNED_UNKNOWN', 'CHAT_MESSAGE_ID_CONFLICT'], handle: ({ tableId, actor }, b) => chat.canned(tableId, actor, b.messageId, b.cannedId) }),
    // Only a pit boss (or an admin) mutes or bans, always with a reason (audited).
    fromWire('chat.moderate', { roles: ['pitboss', 'admin'], errors: ['TABLE_NOT_FOUND', 'REASON_REQUIRED'], handle: ({ tableId, actor }, b) => chat.moderate(tableId, actor, b) }),
    fromWire('chat.tip', { roles: ['player'], errors: ['TABLE_NOT_FOUND', 'CHAT_NOT_AT_TABLE', 'TIP_OUT_OF_LIMITS', 'TIP_ID_CONFLICT', 'INSUFFICIENT_FUNDS', 'SEAMLESS_DEBIT_REFUSED', 'SEAMLESS_DEBIT_UNCONFIRMED'], handle: ({ tableId, actor }, b) => chat.tip(tableId, actor, b.tipId, b.amountMinor) }),
  ];
}
