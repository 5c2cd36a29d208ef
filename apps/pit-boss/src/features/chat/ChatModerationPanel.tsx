import type { Table } from '@felt-studio/client-sdk';
import type { ChatMessage } from '@felt-studio/protocol';
import { ChatLog, shortId, useChatActions, useLocale, useTableChat } from '@felt-studio/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/ReasonDialog';

type Open = { readonly action: 'mute' | 'ban'; readonly playerId: string; readonly name: string } | { readonly action: 'lift'; readonly playerId: string; readonly name: string; readonly lift: 'unmute' | 'unban' };

/** Minutes of a mute from this screen (the server's default; CHAT-5). */
const MUTE_MINUTES = 10;

/**
 * The pit boss's view of a table's chat (issue 24): every message with the player's id, a mute (10 minutes)
 * or ban per player message, the mutes and bans in force with a lift. Every action goes through the reason
 * dialog (audited: who, when, why) and the server's answer or rejection is shown there.
 */
export function ChatModerationPanel({ table }: { readonly table: Table }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const chat = useTableChat(table.tableId);
  const actions = useChatActions(table.tableId);
  const [open, setOpen] = useState<Open | null>(null);
  const titleId = useId();
  const forceId = useId();
  const time = (at: number | null) => (at === null ? '' : new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }));
  const controls = (m: ChatMessage) =>
    m.kind === 'player' && m.author.userId !== undefined ? (
      <>
        <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={() => setOpen({ action: 'mute', playerId: m.author.userId as string, name: m.author.name })}>
          {t('chat.moderation.mute', { name: m.author.name })}
        </button>
        <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={() => setOpen({ action: 'ban', playerId: m.author.userId as string, name: m.author.name })}>
          {t('chat.moderation.ban', { name: m.author.name })}
        </button>
      </>
    ) : null;
  const inForce = chat.data?.moderation ?? [];
  // the player's name as they chat (the row has the id only); the id short, whole in the tooltip (staff quote it)
  const nameOf = (playerId: string): string | undefined => chat.data?.messages.find((m) => m.author.userId === playerId)?.author.name;
  const who = (playerId: string): string => nameOf(playerId) ?? shortId(playerId);
  return (
    <section className="pit-panel pit-chat" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('chat.moderation.title')}</h2>
      <div className="pit-chat-log">
        <ChatLog messages={chat.data?.messages ?? []} actions={controls} />
      </div>
      <h3 id={forceId}>{t('chat.moderation.inForce')}</h3>
      {inForce.length === 0 ? (
        <p className="felt-muted">{t('chat.moderation.none')}</p>
      ) : (
        <ul aria-labelledby={forceId} className="pit-chat-force">
          {inForce.map((m) => (
            <li key={m.playerId}>
              <strong>{nameOf(m.playerId) ?? ''}</strong>{' '}
              <span className="felt-mono" title={m.playerId}>
                {shortId(m.playerId)}
              </span>{' '}
              — {m.action === 'ban' ? t('chat.moderation.banned') : t('chat.moderation.muted', { time: time(m.until) })} · {t('chat.moderation.reason', { reason: m.reason })}{' '}
              <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={() => setOpen({ action: 'lift', playerId: m.playerId, name: who(m.playerId), lift: m.action === 'ban' ? 'unban' : 'unmute' })}>
                {t('chat.moderation.lift', { player: who(m.playerId) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null ? (
        <ReasonDialog
          title={open.action === 'lift' ? t('chat.moderation.liftTitle', { player: open.name }) : open.action === 'mute' ? t('chat.moderation.muteTitle', { name: open.name }) : t('chat.moderation.banTitle', { name: open.name })}
          danger={open.action !== 'lift'}
          onConfirm={(reason) => (open.action === 'lift' ? actions.moderate(open.playerId, open.lift, reason) : actions.moderate(open.playerId, open.action, reason, open.action === 'mute' ? MUTE_MINUTES : undefined))}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
