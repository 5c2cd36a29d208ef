import { DEMO_ROBOT_USERNAMES, type CreateTableBody } from '@felt-studio/protocol';

/**
 * The demo studio's tables (embedded mode): one per live game with its simulated devices. Limits are
 * in EUR cents. Automatic cadence: a new round opens a few seconds after the previous one settles.
 */
/** A demo table. */
export type DemoTable = CreateTableBody;

/** The money wheel's id (docs/rules MW-1..MW-4), defined in @felt-studio/games `moneyWheel`. */
export const MONEY_WHEEL_GAME = 'money-wheel';

/** What differs between the demo tables; everything else is the studio's default (see `demoTable`). */
interface DemoTableSpec {
  readonly name: string;
  readonly game: DemoTable['game'];
  readonly profileId: string;
  /** Table maximum in EUR cents (the table minimum is €1 unless `tableMinMinor` says otherwise). */
  readonly tableMaxMinor: number;
  readonly tableMinMinor?: number;
  /** Per-spot maximum in EUR cents; every spot's minimum is €1. */
  readonly spotMaxMinor?: Readonly<Record<string, number>>;
  readonly devices: DemoTable['devices'];
  readonly betWindowS?: number;
}

/** A demo table: EUR limits from €1, a 12 s bet window, automatic cadence with a 4 s pause. */
function demoTable(t: DemoTableSpec): DemoTable {
  const spots = Object.fromEntries(Object.entries(t.spotMaxMinor ?? {}).map(([spot, maxMinor]) => [spot, { minMinor: 100, maxMinor }]));
  return {
    name: t.name,
    game: t.game,
    profileId: t.profileId,
    limits: { currency: 'EUR', tableMinMinor: t.tableMinMinor ?? 100, tableMaxMinor: t.tableMaxMinor, spots },
    betWindowS: t.betWindowS ?? 12,
    cadence: { auto: true, pauseS: 4 },
    devices: t.devices,
  };
}

export const DEMO_TABLES: readonly DemoTable[] = [
  demoTable({ name: 'Roulette 1', game: 'roulette', profileId: 'european', tableMaxMinor: 200_000, spotMaxMinor: { straight: 5_000, split: 10_000 }, betWindowS: 15, devices: [{ deviceId: 'wheel-1', kind: 'wheel' }, { deviceId: 'timer-1', kind: 'timer' }] }),
  demoTable({ name: 'Baccarat 1', game: 'baccarat', profileId: 'punto-banco', tableMaxMinor: 500_000, spotMaxMinor: { tie: 20_000 }, devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] }),
  demoTable({ name: 'Blackjack 1', game: 'blackjack', profileId: 'standard', tableMinMinor: 500, tableMaxMinor: 200_000, devices: [{ deviceId: 'shoe-2', kind: 'shoe' }] }),
  demoTable({ name: 'Sic Bo 1', game: 'sicbo', profileId: 'standard', tableMaxMinor: 100_000, devices: [{ deviceId: 'shaker-1', kind: 'shaker' }] }),
  // RAY 2011 (docs/rules) §5: method A (the dealer's cups), read by the two-dice reader over MQTT
  demoTable({ name: 'Lucky Dice 1', game: 'lucky-dice', profileId: 'ray-a', tableMaxMinor: 100_000, spotMaxMinor: { plein: 2_000, cheval: 4_000 }, devices: [{ deviceId: 'dice-1', kind: 'shaker' }] }),
  // docs/rules CHE (issue 10): one shared player hand and a face-down dealer hand from a one-deck shoe
  // shuffled before every round; players Call or fold within the decision timer
  demoTable({ name: "Casino Hold'em 1", game: 'casino-holdem', profileId: 'standard', tableMaxMinor: 100_000, spotMaxMinor: { ante: 10_000, 'aa-bonus': 2_500 }, devices: [{ deviceId: 'shoe-3', kind: 'shoe' }] }),
  demoTable({ name: 'Money Wheel 1', game: MONEY_WHEEL_GAME, profileId: 'standard', tableMaxMinor: 100_000, spotMaxMinor: { 'number:20': 10_000, 'number:40': 5_000 }, devices: [{ deviceId: 'mwheel-1', kind: 'wheel' }] }),
  // docs/rules TCP (issue 10): Ante / Play, Ante Bonus, Pair Plus; one shared three-card hand and a face-down
  // dealer hand from a one-deck shoe shuffled before every round; Play or fold within the decision timer
  demoTable({ name: 'Three Card Poker 1', game: 'three-card-poker', profileId: 'standard', tableMaxMinor: 100_000, spotMaxMinor: { ante: 10_000, 'pair-plus': 2_500 }, devices: [{ deviceId: 'shoe-4', kind: 'shoe' }] }),
  // libs/games/src/andar-bahar (AB-1..AB-8): one deck shuffled before every round, dealt by the robot dealer
  demoTable({ name: 'Andar Bahar 1', game: 'andar-bahar', profileId: 'standard', tableMaxMinor: 100_000, spotMaxMinor: { cards: 2_500 }, devices: [{ deviceId: 'shoe-9', kind: 'shoe' }] }),
];

/**
 * RAY bank poker (RAY 2011 (docs/rules) §7.1–§7.4, issue 10): one shared player hand from a one-deck shoe
 * shuffled before every round; opt-in (`felt studio --ray-poker`) to keep the default studio's CPU modest.
 * The Bonus is a fixed stake (§7.2 "fixed stake": the `bonus` spot limit with min = max).
 */
const rayPoker = (name: string, game: DemoTable['game'], mainSpots: readonly string[], deviceId: string): DemoTable =>
  demoTable({ name, game, profileId: 'ray', tableMaxMinor: 50_000, spotMaxMinor: { ...Object.fromEntries(mainSpots.map((s) => [s, 5_000])), bonus: 100 }, betWindowS: 10, devices: [{ deviceId, kind: 'shoe' }] });
export const RAY_POKER_TABLES: readonly DemoTable[] = [
  rayPoker('Fast Poker 1', 'fast-poker', ['bet'], 'shoe-5'),
  rayPoker('Triple Bet Poker 1', 'triple-bet-poker', ['bet-1', 'bet-2', 'bet-3'], 'shoe-6'),
  rayPoker('Dynamic Poker 1', 'dynamic-poker', ['blind'], 'shoe-7'),
  rayPoker('Riverside Poker 1', 'riverside-poker', ['blind'], 'shoe-8'),
];

/**
 * Lucky Dice method B (RAY 2011 (docs/rules) §5.3 B, LD-6/LD-7): players who bet throw in turn; the robot
 * dealer permits each throw and judges it; the dice reader reads the throw. Opt-in (`--lucky-dice-b`).
 */
export const LUCKY_DICE_B_TABLE: DemoTable = demoTable({ name: 'Lucky Dice B 1', game: 'lucky-dice', profileId: 'ray-b', tableMaxMinor: 100_000, spotMaxMinor: { plein: 2_000, cheval: 4_000 }, devices: [{ deviceId: 'dice-2', kind: 'shaker' }] });

/**
 * Infinite blackjack (libs/games/src/infinite-blackjack, IBJ-1..IBJ-12): one common hand for any number of
 * players, a freshly shuffled 8-deck shoe every round dealt by the robot dealer. Opt-in
 * (`felt studio --infinite-blackjack`): the default studio's tables, CPU and browser tests stay as they are.
 */
export const INFINITE_BLACKJACK_TABLE: DemoTable = demoTable({
  name: 'Infinite Blackjack 1',
  game: 'infinite-blackjack',
  profileId: 'standard',
  tableMaxMinor: 200_000,
  spotMaxMinor: { main: 50_000, 'perfect-pairs': 2_500, '21+3': 2_500, 'hot-3': 2_500, 'bust-it': 1_000 },
  devices: [{ deviceId: 'shoe-10', kind: 'shoe' }],
});

/** The studio's tables: the default set, plus the opt-in RAY bank poker tables, the Lucky Dice method B table and the infinite blackjack table. */
export function demoTables(opts: { readonly rayPoker?: boolean; readonly luckyDiceB?: boolean; readonly infiniteBlackjack?: boolean } = {}): readonly DemoTable[] {
  return [...DEMO_TABLES, ...(opts.rayPoker ? RAY_POKER_TABLES : []), ...(opts.luckyDiceB ? [LUCKY_DICE_B_TABLE] : []), ...(opts.infiniteBlackjack ? [INFINITE_BLACKJACK_TABLE] : [])];
}

/**
 * The accounts the demo players bet on (issue 20 defect 1): robots of their own (`robot1..3`, user ids
 * `bot_…`, flagged to staff), never the human demo accounts `player1..3`. At blackjack each sits at the
 * far seats (5, 6, 7 of 7), so seats 1..4 stay free for people.
 */
export const DEMO_ROBOTS: readonly { readonly username: string; readonly blackjackSeat: number }[] = DEMO_ROBOT_USERNAMES.map((username, i) => ({ username, blackjackSeat: 5 + i }));

/** A demo player's bet: `spot` at `unit` × 1..3, and the spots placed beside it at the same stake (`with`, TB-L1). */
export interface BotSpot {
  readonly spot: string;
  readonly unit: number;
  readonly with?: readonly string[];
}

/** What the demo players bet on, per game (each bot picks one or two of these per round). */
export const BOT_SPOTS: Readonly<Record<string, readonly BotSpot[]>> = {
  roulette: [
    { spot: 'red', unit: 100 },
    { spot: 'black', unit: 100 },
    { spot: 'odd', unit: 100 },
    { spot: 'dozen:2', unit: 100 },
    { spot: 'column:3', unit: 100 },
    { spot: 'straight:17', unit: 100 },
    { spot: 'split:0-2', unit: 100 },
    { spot: 'corner:1-2-4-5', unit: 100 },
    { spot: 'voisins', unit: 900 },
    { spot: 'neighbours:26:2', unit: 500 },
  ],
  baccarat: [
    { spot: 'player', unit: 200 },
    { spot: 'banker', unit: 200 },
  ],
  [MONEY_WHEEL_GAME]: [
    { spot: 'number:1', unit: 100 },
    { spot: 'number:2', unit: 100 },
    { spot: 'number:5', unit: 100 },
    { spot: 'number:10', unit: 100 },
    { spot: 'number:40', unit: 100 },
  ],
  'lucky-dice': [
    { spot: 'plein:16', unit: 100 },
    { spot: 'simple:3', unit: 100 },
    { spot: 'sum:7', unit: 100 },
    { spot: 'over-7', unit: 100 },
    { spot: 'all-pairs', unit: 100 },
  ],
  'casino-holdem': [
    { spot: 'ante', unit: 100 },
    { spot: 'ante', unit: 200 },
  ],
  'three-card-poker': [
    { spot: 'ante', unit: 100 },
    { spot: 'pair-plus', unit: 100 },
  ],
  // infinite blackjack: the main bet, now and then with a 21+3 beside it (their decisions: the view's first option)
  'infinite-blackjack': [{ spot: 'main', unit: 500 }, { spot: 'main', unit: 500, with: ['21+3'] }],
  'andar-bahar': [{ spot: 'andar', unit: 100 }, { spot: 'bahar', unit: 100 }, { spot: 'cards:1-5', unit: 100 }, { spot: 'cards:16-25', unit: 100 }],
  // RAY bank poker (§7): the main bet; Triple Bet's three equal base bets (TB-L1: only equal stakes play)
  'fast-poker': [{ spot: 'bet', unit: 100 }],
  'triple-bet-poker': [{ spot: 'bet-1', unit: 100, with: ['bet-2', 'bet-3'] }],
  'dynamic-poker': [{ spot: 'blind', unit: 100 }],
  'riverside-poker': [{ spot: 'blind', unit: 100 }],
  sicbo: [
    { spot: 'small', unit: 100 },
    { spot: 'big', unit: 100 },
    { spot: 'total:10', unit: 100 },
    { spot: 'single:3', unit: 100 },
  ],
};
