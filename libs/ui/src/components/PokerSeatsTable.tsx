import type { Card } from '@felt-studio/games';
import type { PokerSeatFrame, PokerTableFrame } from '@felt-studio/protocol';
import { Fragment, type ReactNode } from 'react';
import { handSeatAt, seatStackNowMinor } from '../poker.js';
import { ColumnHeads } from './ColumnHeads.js';
import { Money } from './Money.js';
import { PlayingCard } from './PlayingCard.js';

type HandSeat = NonNullable<PokerTableFrame['hand']>['seats'][number];

/** One seat as a row of the staff's seats table: its frame and hand entries (null when empty or out of the hand), and whether it acts now. */
export interface PokerSeatRow {
  readonly seat: number;
  readonly frame: PokerSeatFrame | null;
  readonly hand: HandSeat | null;
  readonly acting: boolean;
}

/** What the seats table reads of a frame: a live table's whole frame, or a tournament table as the pit boss reads it. */
export type PokerSeatsSource = Pick<PokerTableFrame, 'seats' | 'hand' | 'currency'> & Partial<Pick<PokerTableFrame, 'handSeats'>> & { readonly config: Pick<PokerTableFrame['config'], 'seatCount'> };

export interface PokerSeatsTableProps {
  readonly frame: PokerSeatsSource;
  /** the column headers: seat, player, stack, bet, cards (in the screen's own words). */
  readonly columns: readonly [string, string, string, string, string];
  /** the table's class; its cards cell's class. */
  readonly className: string;
  readonly cardsClassName: string;
  /** the player cell: who sits there, their states, that they act. */
  readonly player: (row: PokerSeatRow) => ReactNode;
  /** a card the screen does not see (face down, or only scanned); `index` is its place in the seat's cards. */
  readonly downCard: (index: number) => ReactNode;
}

/**
 * Issue 19 §5: the live poker seats table of the staff screens (the dealer console and the pit boss's poker
 * table) — every seat of the table in order with who sits there, the stack now (what the hand took already
 * off), the bet on this street and its cards (up cards and those the profile lets staff see open). The acting
 * seat's row is `is-acting`, a folded seat's `is-folded`.
 */
export function PokerSeatsTable({ frame, columns, className, cardsClassName, player, downCard }: PokerSeatsTableProps) {
  const hand = frame.hand;
  const live = hand !== null && hand.phase !== 'complete' && hand.phase !== 'void';
  return (
    <table className={className}>
      <ColumnHeads columns={columns} />
      <tbody>
        {Array.from({ length: frame.config.seatCount }, (_, i) => i + 1).map((n) => {
          const f = frame.seats.find((s) => s?.seat === n) ?? null;
          const h = handSeatAt(frame, n);
          const acting = live && hand.toAct === n;
          return (
            <tr key={n} className={acting ? 'is-acting' : h?.folded ? 'is-folded' : undefined} data-seat={n}>
              <th scope="row">{n}</th>
              <td>{player({ seat: n, frame: f, hand: h, acting })}</td>
              <td>{f ? <Money minor={seatStackNowMinor(f, h, hand)} currency={frame.currency} /> : null}</td>
              <td>{h && h.streetMinor > 0 ? <Money minor={h.streetMinor} currency={frame.currency} /> : null}</td>
              <td>
                <span className={cardsClassName}>{(h?.cards ?? []).map((c, i) => ('card' in c ? <PlayingCard key={i} card={c.card as Card} size="sm" /> : <Fragment key={i}>{downCard(i)}</Fragment>))}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
