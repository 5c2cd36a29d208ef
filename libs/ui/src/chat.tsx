import { newMessageId, newTipId } from '@felt-studio/client-sdk';
import type { ChatHistory, ChatMessage, Rejection, TipResult } from '@felt-studio/protocol';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRound } from './data.js';
import { useSession } from './session.js';
import { toRejection } from './components/ErrorNotice.js';

/**
 * The table chat and tips (issue 24; docs/chat-and-tips.md), shared by the three apps: the history from
 * `GET /tables/{id}/chat` in the query cache, kept current by the socket's `chat.message`, `chat.tip` and
 * `chat.moderation` frames; the writes are the table commands `chat.send`, `chat.canned`, `chat.tip`,
 * `chat.moderate` (one definition each, sent on the socket).
 */
export const chatKey = (tableId: string) => ['chat', tableId] as const;

/** Keeps the newest `max` messages, once each, oldest first (the server bounds its history the same way, CHAT-6). */
export function appendMessage(list: readonly ChatMessage[], m: ChatMessage, max = 100): ChatMessage[] {
  if (list.some((x) => x.messageId === m.messageId)) return [...list];
  const next = [...list, m].sort((a, b) => a.at - b.at || a.messageId.localeCompare(b.messageId));
  return next.slice(Math.max(0, next.length - max));
}

type Realtime = NonNullable<ReturnType<typeof useSession>['rt']>;
type QueryClient = ReturnType<typeof useQueryClient>;

/**
 * One subscription per socket and table, however many components show the table's chat: the tips total is
 * counted up from each `chat.tip` frame, so a second handler counted every tip twice (the wide dealer console
 * shows the chat and the tips in two columns, each a `useTableChat`: a €2 tip showed as €4, "2 tips").
 */
const chatSubscriptions = new WeakMap<Realtime, Map<string, { users: number; off: () => void }>>();

function subscribeChatFrames(rt: Realtime, qc: QueryClient, tableId: string): () => void {
  let perTable = chatSubscriptions.get(rt);
  if (!perTable) chatSubscriptions.set(rt, (perTable = new Map()));
  const existing = perTable.get(tableId);
  if (existing) existing.users += 1;
  else {
    const key = chatKey(tableId);
    const offs = [
      rt.on('chat.message', (m) => {
        if (m.tableId === tableId) qc.setQueryData<ChatHistory>(key, (h) => (h ? { ...h, messages: appendMessage(h.messages, m) } : h));
      }),
      rt.on('chat.tip', (tip) => {
        if (tip.tableId !== tableId) return;
        qc.setQueryData<ChatHistory>(key, (h) => (h?.tips && tip.at >= h.tips.since ? { ...h, tips: { ...h.tips, count: h.tips.count + 1, totalMinor: h.tips.totalMinor + tip.amountMinor } } : h));
      }),
      rt.on('chat.moderation', (m) => {
        if (m.tableId === tableId) void qc.invalidateQueries({ queryKey: key });
      }),
    ];
    perTable.set(tableId, { users: 1, off: () => offs.forEach((off) => off()) });
  }
  return () => {
    const sub = perTable.get(tableId);
    if (!sub) return;
    sub.users -= 1;
    if (sub.users === 0) {
      sub.off();
      perTable.delete(tableId);
    }
  };
}

export function useTableChat(tableId: string | null): UseQueryResult<ChatHistory> {
  const { api, rt, user } = useSession();
  const qc = useQueryClient();
  useLiveRound(tableId); // joined: the table's frames, chat included, reach this socket
  const q = useQuery({ queryKey: chatKey(tableId ?? ''), queryFn: () => api.chatHistory(tableId ?? ''), enabled: user !== null && tableId !== null, staleTime: Infinity });
  useEffect(() => {
    if (!rt || tableId === null) return;
    return subscribeChatFrames(rt, qc, tableId);
  }, [rt, tableId, qc]);
  return q;
}

/** A table command over the socket: its answer, or the rejection (code, rule, message). */
function useChatCommand() {
  const { rt } = useSession();
  return useCallback(
    async <T,>(op: 'chat.send' | 'chat.canned' | 'chat.tip' | 'chat.moderate', body: Record<string, unknown>): Promise<T> => {
      if (!rt) throw toRejection({ code: 'NETWORK_ERROR', ruleId: null, message: 'not connected' });
      const ack = await rt.send(op as 'chat.send', body as never);
      if (!ack.ok) throw ack.error;
      return ack.result as T;
    },
    [rt],
  );
}

/** Send a message / a canned answer / a tip / a moderation; each keeps the cache current with its answer. */
export function useChatActions(tableId: string) {
  const qc = useQueryClient();
  const command = useChatCommand();
  const add = (m: ChatMessage) => qc.setQueryData<ChatHistory>(chatKey(tableId), (h) => (h ? { ...h, messages: appendMessage(h.messages, m) } : h));
  return {
    send: async (text: string) => add((await command<{ message: ChatMessage }>('chat.send', { tableId, messageId: newMessageId(), text })).message),
    canned: async (cannedId: string) => add((await command<{ message: ChatMessage }>('chat.canned', { tableId, messageId: newMessageId(), cannedId })).message),
    /** A tip with a fresh id; a retry of the same click should reuse `tipId` (TIP-1). */
    tip: (amountMinor: number, tipId: string = newTipId()) => command<TipResult>('chat.tip', { tableId, tipId, amountMinor }),
    moderate: async (playerId: string, action: 'mute' | 'unmute' | 'ban' | 'unban', reason: string, minutes?: number) => {
      await command('chat.moderate', { tableId, playerId, action, reason, ...(minutes !== undefined ? { minutes } : {}) });
      await qc.invalidateQueries({ queryKey: chatKey(tableId) });
    },
  };
}

/** A message's text in the reader's language (a canned answer carries every language). */
export function messageText(m: ChatMessage, language: string): string {
  const lang = language.slice(0, 2);
  return m.texts?.[lang] ?? m.text;
}

export interface ChatLogProps {
  readonly messages: readonly ChatMessage[];
  /** Staff: controls after a player's message (the pit boss's mute/ban). */
  readonly actions?: (m: ChatMessage) => ReactNode;
}

/** The messages as a live log (screen readers hear new ones politely); the newest at the bottom. */
export function ChatLog({ messages, actions }: ChatLogProps) {
  const { t, i18n } = useTranslation('common');
  if (messages.length === 0) return <p className="felt-chat-empty felt-muted">{t('chat.empty')}</p>;
  return (
    // the log (a live region) holds the list: a list with the role log is no list, and its items would be orphans (axe listitem)
    <div className="felt-chat-log" role="log" aria-live="polite" aria-label={t('chat.log')}>
      <ol className="felt-chat-list">
      {messages.map((m) => (
        <li key={m.messageId} className={`felt-chat-msg is-${m.author.role}`} data-message-id={m.messageId}>
          <span className="felt-chat-author">
            {m.author.name}
            {m.author.role !== 'player' ? <span className="felt-chat-role"> · {t(`chat.roles.${m.author.role}`)}</span> : null}
          </span>{' '}
          <span className="felt-chat-text">{messageText(m, i18n.language)}</span>
          {actions ? <span className="felt-chat-actions">{actions(m)}</span> : null}
        </li>
      ))}
      </ol>
    </div>
  );
}

export interface ChatComposerProps {
  readonly onSend: (text: string) => Promise<unknown>;
  readonly disabled?: string | null;
  readonly onError: (r: Rejection | null) => void;
}

/** The player's input: a labelled field with a character count (CHAT-1), Enter or the button sends. */
export function ChatComposer({ onSend, disabled, onError }: ChatComposerProps) {
  const { t } = useTranslation('common');
  const inputId = useId();
  const countId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const left = 200 - text.length;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '' || busy) return;
    setBusy(true);
    try {
      await onSend(text.trim());
      setText('');
      onError(null);
    } catch (err) {
      onError(toRejection(err));
    } finally {
      setBusy(false);
    }
  };
  if (disabled) return <p className="felt-chat-closed" role="status">{disabled}</p>;
  return (
    <form className="felt-chat-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={inputId} className="felt-visually-hidden">
        {t('chat.input')}
      </label>
      <input id={inputId} className="felt-input" value={text} maxLength={200} autoComplete="off" aria-describedby={countId} placeholder={t('chat.input')} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="felt-btn felt-btn-sm" disabled={busy || text.trim() === ''}>
        {busy ? t('chat.sending') : t('chat.send')}
      </button>
      <span id={countId} className="felt-chat-count felt-muted" aria-live="off">
        {t('chat.counter', { left })}
      </span>
    </form>
  );
}
