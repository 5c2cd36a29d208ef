import { integrity, isCard, type Card } from '@felt-studio/games';
import type { ShoeIntegrity } from '@felt-studio/protocol';
import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';

/** The card-game events the shoe monitor folds (every shoe game's kernel uses these names). */
export const SHOE_EVENT_TYPES = ['ShoeAttached', 'CardRecorded', 'CardUnreadable', 'CutCardRecorded'] as const;
/** Sessions kept per shoe for the pooled composition test (a preparation short every time). */
export const POOLED_SESSIONS = 12;

interface Session {
  cards: Card[];
  unreadable: number;
  cutCardAt?: number;
}

interface ShoeState {
  readonly shoeId: string;
  tableId: string;
  decks: number;
  current: Session;
  finished: Session[];
  report: integrity.ShoeIntegrityReport | null;
  alarmed: boolean;
  lastAt: number;
}

/**
 * Issue 23 §2: shoe sessions folded from the event log. A shoe is known by the device that scans its
 * cards (the causation `dev:<deviceId>:<seq>` of `CardRecorded`; a hand-entered card counts for the
 * table's `manual:<tableId>`). A session starts when a fresh shoe is attached (`ShoeAttached` with
 * nothing dealt) and ends at the next fresh shoe; the cut card's position and the unreadable reads are
 * kept with it. A finished session is evaluated with the shoe's last POOLED_SESSIONS sessions
 * (`integrity.shoeIntegrity`, libs/games); `onVerdict` hears each evaluation.
 */
export class ShoeMonitor {
  private readonly shoes = new Map<string, ShoeState>();
  /** The shoe device last seen at each table (ShoeAttached carries no device). */
  private readonly atTable = new Map<string, string>();
  /** Tables where a fresh shoe was attached and no card has come out of it yet (its deck count). */
  private readonly fresh = new Map<string, number>();

  constructor(private readonly onVerdict: (shoe: ShoeIntegrity, fresh: boolean) => void) {}

  fold(e: StoredRoundEvent): void {
    const device = /^dev:([^:]+):/.exec(e.causationId ?? '')?.[1];
    if (e.type === 'ShoeAttached') {
      const shoe = (e.payload as { shoe?: { decks?: unknown; dealt?: unknown } } | null)?.shoe;
      if (shoe?.dealt !== 0 || typeof shoe.decks !== 'number') return; // a carried shoe continues its session
      // a fresh shoe: the session of the shoe last seen here ends; the next card opens the new one
      const before = this.atTable.get(e.tableId);
      if (before !== undefined) this.finish(this.shoes.get(before)!);
      this.fresh.set(e.tableId, shoe.decks);
      return;
    }
    const id = device ?? this.atTable.get(e.tableId) ?? `manual:${e.tableId}`;
    const s = this.shoeAt(e.tableId, id, this.fresh.get(e.tableId) ?? this.shoes.get(id)?.decks ?? 8, e.at);
    if (this.fresh.delete(e.tableId)) this.finish(s); // a device that was not the one last seen here
    s.lastAt = e.at;
    if (e.type === 'CardRecorded') {
      const card = (e.payload as { card?: unknown } | null)?.card;
      if (isCard(card)) s.current.cards.push(card);
    } else if (e.type === 'CardUnreadable') s.current.unreadable++;
    else if (e.type === 'CutCardRecorded') s.current.cutCardAt = s.current.cards.length;
  }

  list(): ShoeIntegrity[] {
    return [...this.shoes.values()].map((s) => this.view(s)).sort((a, b) => a.report.pValue - b.report.pValue || a.shoeId.localeCompare(b.shoeId));
  }

  private shoeAt(tableId: string, shoeId: string, decks: number, at: number): ShoeState {
    let s = this.shoes.get(shoeId);
    if (s === undefined) {
      s = { shoeId, tableId, decks, current: { cards: [], unreadable: 0 }, finished: [], report: null, alarmed: false, lastAt: at };
      this.shoes.set(shoeId, s);
    }
    s.tableId = tableId;
    s.decks = decks;
    this.atTable.set(tableId, shoeId);
    return s;
  }

  /** Closes the current session (if it dealt anything) and evaluates the shoe. */
  private finish(s: ShoeState): void {
    if (s.current.cards.length === 0) return;
    s.finished.push(s.current);
    if (s.finished.length > POOLED_SESSIONS) s.finished.splice(0, s.finished.length - POOLED_SESSIONS);
    s.current = { cards: [], unreadable: 0 };
    s.report = integrity.shoeIntegrity(s.finished, { decks: s.decks });
    const fresh = s.report.alarm && !s.alarmed;
    s.alarmed = s.report.alarm;
    this.onVerdict(this.view(s), fresh);
  }

  private view(s: ShoeState): ShoeIntegrity {
    const report = s.report ?? integrity.shoeIntegrity([], { decks: s.decks });
    return { shoeId: s.shoeId, tableId: s.tableId, decks: s.decks, lastAt: s.lastAt, sessions: s.finished.length, currentCards: s.current.cards.length, report: { ...report, composition: report.composition.slice(-1) } };
  }
}
