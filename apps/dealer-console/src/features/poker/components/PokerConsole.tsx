import type { Card, pokerTable } from '@felt-studio/games';
import type { PokerTableFrame, Rejection } from '@felt-studio/protocol';
import { BetTimer, ErrorNotice, Money, PlayingCard, PokerSeatsTable, formatMoneyShort, toRejection, useLocale, pokerSeatStates, usePokerTable, useSession } from '@felt-studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ConsoleColumn } from '../../../components/ConsoleColumn';

type HandView = pokerTable.HandView;

/** The board card due, by how many are out (flop 1–3, turn, river). */
const boardStreet = (n: number): 'flop' | 'turn' | 'river' => (n < 3 ? 'flop' : n === 3 ? 'turn' : 'river');

/**
 * What the dealer must do next, large: the card due (a seat's card face down or up, the board, or a burn),
 * or that the certified shuffle deals (S1-DEAL-1), or who acts.
 */
function CardDue({ frame, name }: { readonly frame: PokerTableFrame; readonly name: (seat: number) => string }) {
  const { t } = useTranslation('dealer');
  const hand = frame.hand;
  const due = frame.cardDue;
  let text: string;
  let tone = 'is-wait';
  if (!hand || hand.phase === 'complete' || hand.phase === 'void') text = t('livePoker.due.between');
  else if (frame.dealing === 'rng' && hand.toAct === null) text = t('livePoker.due.rng');
  else if (due === null) text = hand.toAct !== null ? t(hand.phase === 'draw' ? 'livePoker.due.drawing' : 'livePoker.due.acting', { name: name(hand.toAct) }) : t('livePoker.due.nothing');
  else if (due.to === 'board') {
    // PT-STUD-SEATS (RAY §6.6): in stud a board card is the shared card dealt when the deck runs short
    text = hand.variant === 'stud' || hand.variant === 'stud-hilo' ? t('livePoker.due.board.shared') : t(`livePoker.due.board.${boardStreet(hand.board.length)}`, { n: hand.board.length + 1 });
    tone = 'is-do';
  } else if (due.to === 'burn') {
    // PT-BURN: the shoe reads the burned card too; the table takes it as the burn, nobody sees its value
    text = t('livePoker.due.burn');
    tone = 'is-do';
  } else {
    text = t(due.up ? 'livePoker.due.seatUp' : 'livePoker.due.seatDown', { seat: due.seat, name: name(due.seat) });
    tone = 'is-do';
  }
  return (
    <section className="dc-due" aria-labelledby="dc-poker-due">
      <h2 id="dc-poker-due" className="dc-section-title">
        {t('due.region')}
      </h2>
      {/* focusable, as the other consoles' list: on a tablet it scrolls inside its panel (axe scrollable-region-focusable) */}
      <ol className="dc-due-list" aria-live="polite" aria-labelledby="dc-poker-due" tabIndex={0}>
        <li className={`dc-due-item ${tone} is-first`}>
          <span className="dc-due-text">{text}</span>
          {due !== null ? <span className="dc-rule">{due.to === 'burn' ? 'PT-BURN' : 'S1-DEAL-3'}</span> : null}
        </li>
      </ol>
    </section>
  );
}

/** Every seat: who sits there, stack, bet, state and its cards — a down card only as "card scanned" unless the profile lets the dealer see it. */
function Seats({ frame, hand }: { readonly frame: PokerTableFrame; readonly hand: HandView | null }) {
  const { t } = useTranslation('dealer');
  return (
    <section className="dc-table dc-poker-seats" aria-label={t('livePoker.seats')}>
      <h2 className="dc-section-title">{t('livePoker.seats')}</h2>
      <PokerSeatsTable
        frame={frame}
        columns={[t('livePoker.col.seat'), t('livePoker.col.player'), t('livePoker.col.stack'), t('livePoker.col.bet'), t('livePoker.col.cards')]}
        className="dc-poker-table"
        cardsClassName="dc-poker-cards"
        player={({ frame: f, hand: h, acting }) => {
          if (!f) return <span className="dc-muted">{t('livePoker.empty')}</span>;
          const states = pokerSeatStates(f, h).map((k) => t(`livePoker.state.${k}`));
          return (
            <>
              <strong>{f.displayName}</strong>
              {states.length > 0 ? <span className="dc-muted dc-poker-state"> {states.join(' · ')}</span> : null}
              {acting ? <span className="dc-poker-acting"> {t(hand?.bankInUse ? 'livePoker.actingBank' : 'livePoker.acting')}</span> : null}
            </>
          );
        }}
        downCard={() => (
          <span className="dc-scanned" role="img" aria-label={t('livePoker.scanned')}>
            ✓
          </span>
        )}
      />
    </section>
  );
}

function Result({ frame, hand, name }: { readonly frame: PokerTableFrame; readonly hand: HandView; readonly name: (seat: number) => string }) {
  const { t } = useTranslation('dealer');
  const r = hand.result;
  if (!r) return null;
  if (r.type === 'void') return <p className="dc-banner">{t('livePoker.void')}</p>;
  return (
    <section className="dc-table" aria-label={t('livePoker.result')}>
      <h2 className="dc-section-title">{t('livePoker.result')}</h2>
      <ul className="dc-poker-awards">
        {r.awards.map((a, i) => (
          <li key={i}>
            <strong>{a.pot === 0 ? t('livePoker.mainPot') : t('livePoker.sidePot', { n: a.pot })}</strong> <Money minor={a.amountMinor} currency={frame.currency} /> → {a.winners.map(name).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The dealer console of a live poker table (issue 11): what card is due (S1-DEAL-3), the hand's
 * phase, pot and board, who acts and their clock, every seat with "card scanned" for down cards —
 * never their values unless the table's profile lets the dealer see hole cards — and the pit boss call.
 */
export function PokerConsole({ tableId, onChangeTable }: { readonly tableId: string; readonly onChangeTable: () => void }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  const table = usePokerTable(tableId);
  if (table.isError) {
    return (
      <main className="dc-main dc-center">
        <ErrorNotice error={toRejection(table.error)} />
        <button type="button" className="felt-btn felt-btn-lg" onClick={onChangeTable}>
          {t('console.changeTable')}
        </button>
      </main>
    );
  }
  if (!table.data) return <main className="dc-main dc-center">{tc('loading')}</main>;
  return <PokerConsoleView frame={table.data} onChangeTable={onChangeTable} />;
}

export function PokerConsoleView({ frame, onChangeTable }: { readonly frame: PokerTableFrame; readonly onChangeTable: () => void }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Rejection | null>(null);
  const [sent, setSent] = useState(false);
  const hand = frame.hand;
  const live = hand !== null && hand.phase !== 'complete' && hand.phase !== 'void';
  // who played the seat in the frame's hand (it may have changed hands since), else who sits there now
  const name = (seat: number): string => frame.handSeats.find((s) => s.seat === seat)?.displayName ?? frame.seats.find((s) => s?.seat === seat)?.displayName ?? t('livePoker.seatN', { seat });
  const c = frame.config;
  const cur = frame.currency;
  const callPitBoss = async (reason: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await api.callPitBoss(frame.tableId, reason);
      setSent(true);
      setDialog(false);
    } catch (e) {
      setError(toRejection(e));
    } finally {
      setBusy(false);
    }
  };
  const presets = ['assistance', 'dispute', 'misdeal', 'exposed', 'device'].map((k) => t(`livePoker.pitBossReasons.${k}`));
  return (
    <main className="dc-main" data-poker-console={frame.tableId} data-seq={frame.seq}>
      <div className="dc-topbar">
        <div className="felt-identity">
          <span className="felt-identity-name">{frame.name}</span>
          <span className="felt-identity-meta">
            {tc(`pokerTable.variants.${c.variant}`, { defaultValue: c.variant })} · {tc(`pokerTable.structures.${c.structure}`)} · {tc('pokerTable.blinds', { sb: formatMoneyShort(c.smallBlindMinor, cur, locale), bb: formatMoneyShort(c.bigBlindMinor, cur, locale) })} · {t(`livePoker.dealing.${frame.dealing}`)}
          </span>
        </div>
        <button type="button" className="felt-btn felt-btn-ghost dc-change" onClick={onChangeTable}>
          {t('console.changeTable')}
        </button>
      </div>
      <div className="dc-grid">
        <section className="dc-status" aria-label={t('status.region')}>
          <div className={`dc-phase is-${live ? 'play' : hand?.phase === 'void' ? 'void' : 'settled'}`}>
            <span className="dc-label">{t('status.phase')}</span>
            <strong className="dc-phase-text" aria-live="polite">
              {tc(`pokerTable.phases.${hand?.phase ?? 'none'}`)}
            </strong>
          </div>
          {live && hand.deadlineAt !== null && hand.toAct !== null ? (
            <div className="dc-timer">
              <BetTimer closesAt={hand.deadlineAt} windowMs={hand.bankInUse ? c.actionMs + (hand.seats.find((s) => s.seat === hand.toAct)?.timeBankMs ?? 0) : c.actionMs} open size={116} label={t('livePoker.clock', { name: name(hand.toAct) })} />
              {hand.bankInUse ? (
                <p className="dc-poker-bank" role="status">
                  {t('livePoker.bankInUse', { name: name(hand.toAct) })} <span className="dc-rule">S1-TIMEBANK</span>
                </p>
              ) : null}
            </div>
          ) : null}
          <dl className="dc-figures">
            <div>
              <dt>{t('livePoker.hand')}</dt>
              <dd className="dc-round-id">{hand?.handId ?? t('status.noRound')}</dd>
            </div>
            <div>
              <dt>{t('livePoker.players')}</dt>
              <dd>{hand ? hand.seats.filter((s) => !s.folded).length : frame.seats.filter(Boolean).length}</dd>
            </div>
            <div>
              <dt>{t('livePoker.toAct')}</dt>
              <dd>{live && hand.toAct !== null ? hand.toAct : '—'}</dd>
            </div>
            <div>
              <dt>{t('livePoker.pot')}</dt>
              <dd>
                <Money minor={hand?.potMinor ?? 0} currency={cur} />
              </dd>
            </div>
          </dl>
        </section>
        <ConsoleColumn className="dc-centre" label={t('console.columnTable')}>
          <CardDue frame={frame} name={name} />
          <section className="dc-table" aria-label={t('livePoker.board')}>
            <h2 className="dc-section-title">{t('livePoker.board')}</h2>
            <div className="dc-poker-cards" role="group" aria-label={t('livePoker.board')}>
              {(hand?.board ?? []).map((card) => (
                <PlayingCard key={card} card={card as Card} size="md" />
              ))}
              {(hand?.board ?? []).length === 0 ? <span className="dc-muted">{t('livePoker.noBoard')}</span> : null}
            </div>
          </section>
          <Seats frame={frame} hand={hand} />
          {hand && !live ? <Result frame={frame} hand={hand} name={name} /> : null}
        </ConsoleColumn>
        <ConsoleColumn className="dc-side" label={t('console.columnActions')}>
          <section className="dc-controls" aria-label={t('controls.region')}>
            <h2 className="dc-section-title">{t('controls.region')}</h2>
            <div className="dc-poker-controls">
              <button type="button" className="felt-btn felt-btn-lg" onClick={() => setDialog(true)}>
                {t('livePoker.callPitBoss')}
              </button>
              {/* The wire contract (poker-table.contract.ts) has no dealer message for a misdeal or an exposed card yet: the pit boss decides (P4-IRR). */}
              <button type="button" className="felt-btn felt-btn-lg" disabled aria-describedby="dc-poker-irr">
                {t('livePoker.misdeal')}
              </button>
              <button type="button" className="felt-btn felt-btn-lg" disabled aria-describedby="dc-poker-irr">
                {t('livePoker.exposed')}
              </button>
              <p id="dc-poker-irr" className="dc-muted">
                {t('livePoker.irrNote')} <span className="dc-rule">P4-IRR</span>
              </p>
            </div>
            {sent ? (
              <p className="felt-toast dc-toast" role="status">
                {t('dialog.pitBossSent')}
              </p>
            ) : null}
          </section>
        </ConsoleColumn>
      </div>
      {dialog ? (
        <ReasonDialog
          title={t('dialog.pitBossTitle')}
          intro={t('dialog.pitBossIntro')}
          submitLabel={t('dialog.pitBossSubmit')}
          presets={presets}
          otherLabel={t('dialog.pitBossReasons.other')}
          busy={busy}
          error={error}
          onSubmit={(reason) => void callPitBoss(reason)}
          onClose={() => {
            setDialog(false);
            setError(null);
          }}
        />
      ) : null}
    </main>
  );
}
