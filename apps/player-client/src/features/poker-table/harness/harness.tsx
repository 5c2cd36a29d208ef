import { FeltClient } from '@felt-studio/client-sdk';
import type { PokerTableFrame } from '@felt-studio/protocol';
import { FeltQueryProvider, SessionProvider, createI18n, createQueryClient, type PokerSender } from '@felt-studio/ui';
import { holdemScenario, PokerScenario, studScenario } from '@felt-studio/ui/poker-fixtures';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import '../../../styles/player.css';
import { PokerTableView } from '../components/PokerTableView';

/**
 * Screenshot harness of the live poker table (no server): `poker-harness.html?scene=<name>&lng=sv`
 * on the Vite dev server renders the screen on frames built from the pure core (@felt-studio/ui/poker-fixtures).
 * Actions are logged to `window.__pokerSent`, never sent anywhere.
 */
const ME = { role: 'player', playerId: 'me' } as const;
const dealt = (s = holdemScenario()): PokerScenario => s.deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD');

/** An "Ö" table (S1-STRADDLE): the button on seat 2, so Anna (seat 1) sits directly after the big blind and straddles; 22 s of her time bank left. */
const straddled = (): PokerScenario =>
  holdemScenario({
    buttonSeat: 2,
    config: { straddleTable: true },
    seats: [
      { seat: 1, playerId: 'me', name: 'Anna', stackMinor: 10_000, straddle: true, timeBankMs: 22_000 },
      { seat: 2, playerId: 'p2', name: 'Robot Ada', stackMinor: 8_000, robot: true },
      { seat: 4, playerId: 'p4', name: 'Bo', stackMinor: 12_000 },
      { seat: 5, playerId: 'p5', name: 'Cy', stackMinor: 5_000 },
    ],
  })
    .deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD')
    .act(2, 'call')
    .act(4, 'call')
    .act(5, 'call');

const SCENES: Readonly<Record<string, () => PokerTableFrame>> = {
  straddle: () => straddled().frame(ME),
  'time-bank': () => straddled().timeBank(1).frame(ME),
  waiting: () => dealt().frame(ME),
  'my-turn': () => dealt().act(2, 'call').act(4, 'raise', 300).act(5, 'fold').frame(ME),
  flop: () => dealt().act(2, 'call').act(4, 'call').act(5, 'call').act(1, 'check').deal('9S', '5H', '2D').act(5, 'bet', 200).frame(ME),
  showdown: () =>
    dealt().act(2, 'fold').act(4, 'call').act(5, 'fold').act(1, 'check').deal('9S', '5H', '2D').act(1, 'check').act(4, 'check').deal('JC').act(1, 'check').act(4, 'check').deal('4S').act(1, 'check').act(4, 'check').frame(ME),
  'fixed-limit': () => dealt(holdemScenario({ config: { structure: 'fixed-limit', smallBetMinor: 100, bigBetMinor: 200 } })).act(2, 'raise', 200).act(4, 'call').act(5, 'fold').frame(ME),
  'sit-down': () => dealt().frame({ role: 'player', playerId: 'newbie' }, { myBalanceMinor: 25_000 }),
  full: () => holdemScenario({ seats: [1, 2, 3, 4, 5, 6].map((n) => ({ seat: n, playerId: `p${n}`, name: `Player ${n}`, stackMinor: 5_000 + n * 700 })) }).frame({ role: 'player', playerId: 'x' }, { waitingCount: 2 }),
  ten: () =>
    new PokerScenario({
      seatCount: 10,
      buttonSeat: 3,
      config: { variant: 'omaha', structure: 'pot-limit' },
      seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, playerId: i === 0 ? 'me' : `p${i + 1}`, name: i === 0 ? 'Anna' : `Player ${i + 1}`, stackMinor: 10_000, disconnected: i === 6, robot: i === 4 })),
    }).frame(ME),
  draw: () => {
    const s = new PokerScenario({
      seatCount: 6,
      buttonSeat: 2,
      config: { variant: 'draw', structure: 'fixed-limit', smallBetMinor: 100, bigBetMinor: 200 },
      seats: [
        { seat: 1, playerId: 'me', name: 'Anna', stackMinor: 5_000 },
        { seat: 2, playerId: 'p2', name: 'Bo', stackMinor: 5_000 },
      ],
    });
    return s.deal('AS', '2C', 'AD', '3C', 'KH', '4C', '7D', '5D', '9S', '8H').act(2, 'call').act(1, 'check').frame(ME);
  },
  stud: () =>
    studScenario([
      { seat: 1, playerId: 'me', name: 'Anna' },
      { seat: 3, playerId: 'p3', name: 'Bo' },
      { seat: 5, playerId: 'p5', name: 'Cy' },
    ])
      .deal('AS', 'KS', 'QS', 'AD', 'KD', 'QD', '9C', '2H', '5S')
      .frame(ME),
};

function Harness() {
  const params = new URLSearchParams(location.search);
  const scene = params.get('scene') ?? 'my-turn';
  const [frame] = useState(() => (SCENES[scene] ?? SCENES['my-turn'] ?? (() => dealt().frame(ME)))());
  const sent: unknown[] = ((window as unknown as { __pokerSent?: unknown[] }).__pokerSent ??= []);
  const sender: PokerSender = {
    send: async (message, body) => {
      sent.push({ message, body });
      return true;
    },
    busy: null,
    errors: params.has('error') ? [{ id: 1, message: 'poker.act', error: { code: 'POKER_CLOCK_EXPIRED', ruleId: 'S1-TIMEOUT', message: 'the action clock ran out before this action arrived' } }] : [],
    dismiss: () => undefined,
  };
  return <PokerTableView frame={frame} sender={sender} locale={params.get('lng') === 'sv' ? 'sv-SE' : 'en-GB'} />;
}

const params = new URLSearchParams(location.search);
const i18n = createI18n({ player: { en: playerEn, sv: playerSv } }, params.get('lng') === 'sv' ? 'sv' : 'en');
const api = new FeltClient({ baseUrl: location.origin, fetch: async () => ({ status: 404, ok: false, text: async () => '{}' }) });
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SessionProvider api={api} storageKey="felt.harness" realtime={() => null}>
          <FeltQueryProvider client={createQueryClient()}>
            <div className="felt-app">
              <Harness />
            </div>
          </FeltQueryProvider>
        </SessionProvider>
      </I18nextProvider>
    </StrictMode>,
  );
