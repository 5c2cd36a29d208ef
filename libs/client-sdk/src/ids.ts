/**
 * Client-generated, sortable ids (STYLE.md "Names": prefixed and sortable, `bet_…`). A bet id is
 * the idempotency key of a bet: retrying `placeBet` with the same id never debits twice.
 *
 * Format: `<prefix>_` + 10 chars of millisecond time + 16 random chars, Crockford base32 (a ULID).
 * Ids from one factory sort in creation order, also within one millisecond (the random part is
 * incremented) and if the wall clock steps back.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;

export interface IdSource {
  /** Epoch ms. */
  readonly now: () => number;
  /** Fills the array with random bytes (crypto.getRandomValues in browsers and Node ≥ 19). */
  readonly random: (bytes: Uint8Array) => Uint8Array;
}

const defaultSource: IdSource = {
  now: () => Date.now(),
  random: (bytes) => globalThis.crypto.getRandomValues(bytes),
};

export interface IdFactory {
  next(prefix: string): string;
}

export function createIdFactory(source: IdSource = defaultSource): IdFactory {
  let lastTime = -1;
  let lastRandom: number[] = [];
  return {
    next(prefix: string): string {
      if (!/^[a-z]{2,8}$/.test(prefix)) throw new Error(`id prefix must be 2–8 lower-case letters, got ${JSON.stringify(prefix)}`);
      const now = Math.max(0, Math.floor(source.now()));
      if (now > lastTime) {
        lastTime = now;
        lastRandom = [...source.random(new Uint8Array(RANDOM_CHARS))].map((b) => b & 31);
      } else {
        // Same millisecond (or the clock stepped back): keep the time, increment the random part.
        let i = RANDOM_CHARS - 1;
        while (i >= 0 && lastRandom[i] === 31) lastRandom[i--] = 0;
        if (i < 0) {
          lastTime += 1; // 32^16 ids in one ms: borrow the next millisecond
          lastRandom = lastRandom.map(() => 0);
        } else lastRandom[i] = (lastRandom[i] ?? 0) + 1;
      }
      let t = lastTime;
      let time = '';
      for (let i = 0; i < TIME_CHARS; i++) {
        time = ALPHABET.charAt(t % 32) + time;
        t = Math.floor(t / 32);
      }
      return `${prefix}_${time}${lastRandom.map((n) => ALPHABET.charAt(n)).join('')}`;
    },
  };
}

const shared = createIdFactory();

/** A new bet id (`bet_…`): the idempotency key of `placeBet` / `bet.place`. */
export const newBetId = (): string => shared.next('bet');

/** A new request id (`req_…`) for rebet / double (the server derives the bet ids `<requestId>:<n>`). */
export const newRequestId = (): string => shared.next('req');
/** A tournament entry's id (issue 24): the idempotency key of a registration. */
export const newEntryId = (): string => shared.next('ent');

/** A new chat message id (`msg_…`): the idempotency key of `chat.send` / `chat.canned` (issue 24). */
export const newMessageId = (): string => shared.next('msg');

/** A new tip id (`tip_…`): the idempotency key of `chat.tip` — a retry with it never tips twice (TIP-1). */
export const newTipId = (): string => shared.next('tip');
