import type { Table } from '@felt-studio/client-sdk';
import type { Rejection } from '@felt-studio/protocol';
import { ChatLog, ErrorNotice, Money, toRejection, useChatActions, useLocale, useTableChat } from '@felt-studio/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dealer's chat and tips (issue 24): the tips total of the shift (since the dealer signed in at this
 * table's console; who tipped is not shown — TIP-3), the players' messages as they come, and the studio's
 * canned answers as buttons (each player reads them in their own language). The dealer answers by voice or
 * with a canned message; a dealer never types to players. `part`: the tips or the chat alone (the wide console
 * puts them in two columns), else both.
 */
export function ChatTipsPanel({ table, part = 'both' }: { readonly table: Table; readonly part?: 'tips' | 'chat' | 'both' }) {
  const { t, i18n } = useTranslation('common');
  const locale = useLocale();
  const chat = useTableChat(table.tableId);
  const actions = useChatActions(table.tableId);
  const [error, setError] = useState<Rejection | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const chatTitle = useId();
  const tipsTitle = useId();
  const cannedTitle = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);
  const tips = chat.data?.tips;
  const lang = i18n.language.slice(0, 2) === 'sv' ? 'sv' : 'en';
  const send = async (id: string) => {
    setBusy(id);
    try {
      await actions.canned(id);
      setError(null);
    } catch (e) {
      setError(toRejection(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {part !== 'chat' ? (
        <section className="dc-tips" aria-labelledby={tipsTitle}>
          <h2 id={tipsTitle} className="dc-section-title">{t('chat.tips.title')}</h2>
          {tips ? (
            <>
              <p className="dc-tips-total" aria-live="polite" data-minor={tips.totalMinor}>
                <Money minor={tips.totalMinor} currency={tips.currency} className="dc-tips-amount" /> <span className="felt-muted">· {t('chat.tips.count', { count: tips.count })}</span>
              </p>
              <p className="felt-muted dc-tips-since">
                {t('chat.tips.since', { time: new Date(tips.since).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) })} · {t('chat.tips.anonymous')}
              </p>
            </>
          ) : (
            <p className="felt-muted">{t('loading')}</p>
          )}
        </section>
      ) : null}
      {part !== 'tips' ? (
        <section className="dc-chat" aria-labelledby={chatTitle}>
          <h2 id={chatTitle} className="dc-section-title">{t('chat.title')}</h2>
          {/* focusable: it scrolls when the messages outgrow it (axe scrollable-region-focusable) */}
          <div className="dc-chat-log" ref={logRef} tabIndex={0}>
            <ChatLog messages={chat.data?.messages ?? []} />
          </div>
          <ErrorNotice error={error} onDismiss={() => setError(null)} />
          <h3 id={cannedTitle} className="dc-label">{t('chat.canned.title')}</h3>
          <div className="dc-canned" role="group" aria-labelledby={cannedTitle}>
            {(chat.data?.canned ?? []).map((c) => (
              <button key={c.id} type="button" className="felt-btn felt-btn-sm" disabled={busy !== null} aria-label={t('chat.canned.send', { text: c.texts[lang] })} onClick={() => void send(c.id)}>
                {c.texts[lang]}
              </button>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
