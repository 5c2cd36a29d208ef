import type { Table } from '@felt-studio/client-sdk';
import { newTipId } from '@felt-studio/client-sdk';
import type { ChatHistory, Rejection } from '@felt-studio/protocol';
import { ChatComposer, ChatLog, ErrorNotice, formatMoney, queryKeys, toRejection, useChatActions, useLocale, useTableChat } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Tip amounts offered: 1, 2, 5, 10 and 20 in the currency, within the studio's limits (TIP-2); at least the minimum. */
export function tipPresets(limits: ChatHistory['tipLimits']): number[] {
  const within = [100, 200, 500, 1_000, 2_000].filter((m) => m >= limits.minMinor && m <= limits.maxMinor);
  return within.length > 0 ? within : [limits.minMinor];
}

/** The least room the panel takes (a line of the log and the input row); below it, it covers the layout's top edge rather than vanish. */
const MIN_ROOM_PX = 96;
const GAP_PX = 6;

/**
 * Where the open panel lies (issue 20: on a phone it covered the top rows of the bet layout): over the
 * picture only — from the stage's top (on a phone: from under the header's first row, the name and the
 * balance, over the status and the tool buttons) down to the top of the bet layout, measured, and
 * measured again when the layout or the screen changes size. A fixed height: a message arriving moves nothing.
 */
function usePanelRoom(open: boolean): CSSProperties | undefined {
  const [room, setRoom] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    if (!open) return;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    let board: Element | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    function measure(): void {
      clearTimeout(retry);
      const stage = document.querySelector('.table-page .table-stage')?.getBoundingClientRect();
      if (!stage) return setRoom(undefined); // not at a table page (tests): the stylesheet's place
      // the game's layout is a lazy chunk: until it is there, measure again shortly; once there, follow its size
      const boardEl = document.querySelector('.table-stage .game-grid > .board');
      if (boardEl !== board) {
        if (board) observer?.unobserve(board);
        if (boardEl) observer?.observe(boardEl);
        board = boardEl;
      }
      if (!boardEl) retry = setTimeout(measure, 250);
      const phone = globalThis.matchMedia?.('(max-width: 640px)').matches ?? false;
      const firstRow = document.querySelector('.table-top .balance')?.getBoundingClientRect();
      const top = phone && firstRow ? firstRow.bottom + GAP_PX / 2 : stage.top + GAP_PX;
      const b = boardEl?.getBoundingClientRect();
      const bar = document.querySelector('.table-page > .action-bar')?.getBoundingClientRect();
      const floor = b && b.height > 0 && b.top > top ? b.top : (bar?.top ?? globalThis.innerHeight);
      const height = Math.max(MIN_ROOM_PX, Math.min(phone ? globalThis.innerHeight * 0.45 : 460, floor - GAP_PX - top));
      setRoom((r) => (r?.top === top && r.height === height ? r : { top, height, maxHeight: 'none' }));
    }
    measure();
    for (const sel of ['.table-page .table-stage', '.table-page > .table-top']) {
      const el = document.querySelector(sel);
      if (el) observer?.observe(el);
    }
    globalThis.addEventListener('resize', measure);
    // the layout can move without changing size (the picture above it shorter, a status line gone): a
    // ResizeObserver does not see that — a CI run had the open panel over sic bo's singles at desktop size.
    // A re-measure twice a second while open (a few rect reads; the room is set only when it changed).
    const follow = setInterval(measure, 500);
    return () => {
      clearInterval(follow);
      clearTimeout(retry);
      observer?.disconnect();
      globalThis.removeEventListener('resize', measure);
    };
  }, [open]);
  return open ? room : undefined;
}

/**
 * The player's table chat and tip (issue 24): a button in the table's tool bar opens a panel over the
 * picture — never over the bet layout, chips, timer or balance (usePanelRoom) — with the table's messages
 * and the input; "Tip" in its head swaps the input for the tip to the dealer (a sent tip brings the input
 * back, the thanks above it). Escape or ✕ closes it and
 * gives the focus back to the chat button.
 */
export function ChatPanel({ table, onOpenChange }: { readonly table: Table; readonly onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const [open, setOpenState] = useState(false);
  const [tipping, setTipping] = useState(false);
  const chat = useTableChat(table.tableId);
  const messages = chat.data?.messages ?? [];
  const [seen, setSeen] = useState<string | null>(null);
  const last = messages.at(-1)?.messageId ?? null;
  useEffect(() => {
    if (open) setSeen(last);
  }, [open, last]);
  const unread = open ? 0 : seen === null ? messages.length : messages.length - 1 - messages.findIndex((m) => m.messageId === seen);
  const panelRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const room = usePanelRoom(open);
  const setOpen = useCallback(
    (next: boolean, refocus = false) => {
      setOpenState(next);
      if (!next) setTipping(false);
      onOpenChange?.(next);
      if (!next && refocus) toggleRef.current?.focus();
    },
    [onOpenChange],
  );
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false, true);
    };
    globalThis.addEventListener('keydown', onKey);
    return () => globalThis.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  // the focus goes where the person types: the input, or the first tip amount once "Tip" is pressed
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(tipping ? '.chat-tip button' : 'input')?.focus();
  }, [open, tipping]);
  return (
    <>
      <button ref={toggleRef} type="button" className="felt-btn table-chat-toggle" aria-expanded={open} aria-controls="table-chat" onClick={() => setOpen(!open)} aria-label={unread > 0 ? t('chat.openWithUnread', { count: unread }) : t('chat.open')}>
        <svg className="chat-icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-4.5 3.5V17H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>{' '}
        <span className="table-tool-text">{t('chat.open')}</span>
        {/* the space: the visible text reads "Chat 1", a part of the name "Chat, 1 new message" ("Chat1" was not:
            axe label-content-name-mismatch, found by the browser tier when another file's message was unread) */}
        {unread > 0 ? ' ' : null}
        {unread > 0 ? (
          <span className="chat-unread" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id="table-chat" ref={panelRef} className={`chat-panel${tipping ? ' is-tipping' : ''}`} aria-labelledby={titleId} style={room}>
          <header className="chat-panel-head">
            <h2 id={titleId}>{t('chat.title')}</h2>
            {chat.data ? (
              <button type="button" className="felt-btn felt-btn-sm chat-tip-toggle" aria-pressed={tipping} aria-label={t('chat.tip.title')} onClick={() => setTipping((x) => !x)}>
                {t('chat.tip.short')}
              </button>
            ) : null}
            <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" aria-label={t('chat.close')} onClick={() => setOpen(false, true)}>
              ✕
            </button>
          </header>
          <ChatBody table={table} history={chat.data} tipping={tipping} onTipped={() => setTipping(false)} />
        </section>
      ) : null}
    </>
  );
}

function ChatBody({ table, history, tipping, onTipped }: { readonly table: Table; readonly history: ChatHistory | undefined; readonly tipping: boolean; readonly onTipped: () => void }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const actions = useChatActions(table.tableId);
  const [error, setError] = useState<Rejection | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const count = history?.messages.length ?? 0;
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);
  const mine = history?.mine ?? null;
  const closed = mine === null ? null : mine.action === 'ban' ? t('chat.banned') : t('chat.muted', { time: new Date(mine.until ?? 0).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) });
  return (
    <>
      <div className="chat-panel-log" ref={logRef}>
        <ChatLog messages={history?.messages ?? []} />
      </div>
      <div className="chat-panel-notes">
        <ErrorNotice error={error} currency={table.currency} onDismiss={() => setError(null)} />
        {sent !== null && !tipping ? (
          <p className="chat-tip-sent" role="status">
            {t('chat.tip.sent', { amount: formatMoney(sent, table.currency, locale) })}
          </p>
        ) : null}
      </div>
      {tipping && history ? (
        <TipDealer
          table={table}
          limits={history.tipLimits}
          onError={setError}
          tip={actions.tip}
          onSent={(m) => {
            setSent(m);
            onTipped(); // back to the messages, the thanks above the input
          }}
        />
      ) : (
        <ChatComposer onSend={actions.send} disabled={closed} onError={setError} />
      )}
    </>
  );
}

function TipDealer({ table, limits, tip, onError, onSent }: { readonly table: Table; readonly limits: ChatHistory['tipLimits']; readonly tip: ReturnType<typeof useChatActions>['tip']; readonly onError: (r: Rejection | null) => void; readonly onSent: (amountMinor: number) => void }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const qc = useQueryClient();
  const titleId = useId();
  const [pending, setPending] = useState<{ amountMinor: number; tipId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (m: number) => formatMoney(m, table.currency, locale);
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await tip(pending.amountMinor, pending.tipId); // the same id on a retry: never tipped twice (TIP-1)
      setPending(null);
      onError(null);
      void qc.invalidateQueries({ queryKey: queryKeys.wallet });
      onSent(pending.amountMinor);
    } catch (e) {
      onError(toRejection(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="chat-tip" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('chat.tip.title')}</h3>
      {pending ? (
        <div className="chat-tip-confirm">
          <p>{t('chat.tip.confirm', { amount: money(pending.amountMinor) })}</p>
          <button type="button" className="felt-btn felt-btn-primary felt-btn-sm" disabled={busy} onClick={() => void confirm()}>
            {busy ? t('chat.tip.busy') : t('chat.tip.send')}
          </button>
          <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" disabled={busy} onClick={() => setPending(null)}>
            {t('chat.tip.cancel')}
          </button>
        </div>
      ) : (
        <div className="chat-tip-amounts">
          {tipPresets(limits).map((m) => (
            <button
              key={m}
              type="button"
              className="felt-btn felt-btn-sm"
              onClick={() => setPending({ amountMinor: m, tipId: newTipId() })}
            >
              {t('chat.tip.amount', { amount: money(m) })}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
