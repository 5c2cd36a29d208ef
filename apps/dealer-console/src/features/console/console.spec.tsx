import '../../app/games'; // the game plugins, as the app registers them
// @vitest-environment happy-dom
import { keyPaths } from '@felt-studio/ui';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { bet, card, close, drive, kernels } from '../../test/kernels';
import { Controls } from './components/Controls';
import { DevicePanel } from './components/DevicePanel';
import { DuePanel } from './components/DuePanel';
import { ManualCardDialog } from './components/ManualCardDialog';
import { ManualDiceDialog, ManualNumberDialog } from './components/ManualResultDialog';
import { ReasonDialog } from '../../components/ReasonDialog';
import { PendingPanel } from './components/PendingPanel';
import { SpecialBanner } from './components/SpecialBanner';
import { StatusBoard } from './components/StatusBoard';
import { TablePanel } from './components/TablePanel';
import { controlsFor, deriveRound, manualSpinCommand, type GameId } from './model/round';
import { noticeOutlived, useClearOutlived } from './hooks/useDealerActions';
import { useState } from 'react';

afterEach(() => cleanup());

const catalogues = { dealer: { en: dealerEn, sv: dealerSv } };
const render = (ui: React.ReactElement, lng: 'en' | 'sv' = 'en') => renderWithFelt(ui, { catalogues, lng });

const table = {
  tableId: 'tbl_1',
  name: 'Baccarat 1',
  game: 'baccarat',
  profileId: 'punto-banco',
  currency: 'EUR',
  limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 },
  betWindowS: 12,
  cadence: { auto: false, pauseS: 4 },
  devices: [
    { deviceId: 'wheel-1', kind: 'wheel' as const },
    { deviceId: 'timer-1', kind: 'timer' as const },
    { deviceId: 'shoe-1', kind: 'shoe' as const },
  ],
  status: 'open' as const,
  preOpenCheck: null,
  createdAt: 0,
  updatedAt: 0,
};

function ControlsFor({ game, d, voidPending = false, onAction = () => undefined, onDialog = () => undefined }: { game: GameId; d: { roundId: string | null; view: unknown }; voidPending?: boolean; onAction?: (a: unknown) => void; onDialog?: (k: string) => void }) {
  const round = deriveRound(game, d.roundId, d.view);
  return <Controls controls={controlsFor(round, { tableOpen: true, voidPending })} autoCadence={false} busy={null} onAction={onAction} onDialog={onDialog} />;
}

describe('i18n', () => {
  it('Swedish has exactly the English keys of the dealer namespace', () => {
    expect(keyPaths(dealerSv)).toEqual(keyPaths(dealerEn));
  });
});

describe('controls match the phase', () => {
  it('no round: only "Open betting" and "Call pit boss"', () => {
    const onAction = vi.fn();
    render(<ControlsFor game="baccarat" d={{ roundId: null, view: null }} onAction={onAction} />);
    const region = screen.getByRole('region', { name: 'Dealer controls' });
    expect(within(region).getAllByRole('button').map((b) => b.textContent)).toEqual(['Open betting', 'Call pit boss']);
    fireEvent.click(screen.getByRole('button', { name: 'Open betting' }));
    expect(onAction).toHaveBeenCalledWith({ type: 'open' });
  });

  it('betting: "No more bets" closes early, a void can be requested, the round cannot be opened again', () => {
    const onAction = vi.fn();
    const onDialog = vi.fn();
    render(<ControlsFor game="baccarat" d={drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500)])} onAction={onAction} onDialog={onDialog} />);
    expect(screen.queryByRole('button', { name: 'Open betting' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'No more bets' }));
    expect(onAction).toHaveBeenCalledWith({ type: 'close' });
    fireEvent.click(screen.getByRole('button', { name: 'Request void' }));
    expect(onDialog).toHaveBeenCalledWith('void');
    expect(screen.queryByRole('button', { name: 'Enter card by hand' })).toBeNull();
  });

  it('dealing: manual card entry is offered, "No more bets" is gone; a pending void hides "Request void"', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), close, card('2H')]);
    render(<ControlsFor game="baccarat" d={d} voidPending />);
    expect(screen.getByRole('button', { name: 'Enter card by hand' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'No more bets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request void' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Call pit boss' })).toBeTruthy();
  });

  it('roulette: "Declare no spin" only while the ball is in motion (ROU-4)', () => {
    const spinning = drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 1 }]);
    render(<ControlsFor game="roulette" d={spinning} />);
    expect(screen.getByRole('button', { name: 'Declare no spin' })).toBeTruthy();
    cleanup();
    render(<ControlsFor game="roulette" d={drive(kernels.roulette, 'european', [close])} />);
    expect(screen.queryByRole('button', { name: 'Declare no spin' })).toBeNull();
  });

  it('roulette and sic bo: the result can be entered by hand while it is due (the wheel or shaker failed), not once it is known', () => {
    const onDialog = vi.fn();
    render(<ControlsFor game="roulette" d={drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 1 }])} onDialog={onDialog} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enter number by hand' }));
    expect(onDialog).toHaveBeenCalledWith('manual-number');
    cleanup();
    const done = drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 1 }, { type: 'RecordSpinResult', spin: 1, number: 4, revolutions: 5, ballDirection: 'ccw', wheelDirection: 'cw' }]);
    render(<ControlsFor game="roulette" d={done} />);
    expect(screen.queryByRole('button', { name: 'Enter number by hand' })).toBeNull();
    cleanup();
    render(<ControlsFor game="sicbo" d={{ roundId: 'rnd_s', view: { phase: 'closed', dice: null } }} onDialog={onDialog} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enter dice by hand' }));
    expect(onDialog).toHaveBeenLastCalledWith('manual-dice');
    cleanup();
    render(<ControlsFor game="sicbo" d={{ roundId: 'rnd_s', view: { phase: 'betting' } }} />);
    expect(screen.queryByRole('button', { name: 'Enter dice by hand' })).toBeNull();
  });

  it('settled round: "Open betting" again (Swedish)', () => {
    render(<ControlsFor game="roulette" d={{ roundId: 'rnd_1', view: { phase: 'settled' } }} />, 'sv');
    expect(screen.getByRole('button', { name: 'Öppna insatser' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kalla pitboss' })).toBeTruthy();
  });
});

describe('what is due (the kernels\u2019 next(state) in the dealer\u2019s language)', () => {
  it('baccarat: Player draws on 5 → deal Player’s third card; the Player hand is marked next', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), close, card('2H'), card('3D'), card('3S'), card('TD')]);
    const round = deriveRound('baccarat', d.roundId, d.view);
    render(
      <>
        <TablePanel round={round} />
        <DuePanel next={d.next} round={round} />
      </>,
    );
    const due = screen.getByRole('region', { name: 'What is due' });
    const items = within(due).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Player draws on 5BAC-14', 'Deal Player’s third cardBAC-14']);
    const player = screen.getByRole('listitem', { name: 'Player' });
    expect(player.getAttribute('aria-current')).toBe('step');
    expect(within(player).getByText('5 points')).toBeTruthy();
    expect(within(player).getByRole('img', { name: '2 of hearts' })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Banker' })).getByText('3 points')).toBeTruthy();
  });

  it('no round yet: "No round open: tap Open betting", never "Round finished" (the phone screenshot said both "No round" and "Round finished")', () => {
    render(<DuePanel next={[]} round={deriveRound('baccarat', null, null)} />);
    expect(screen.getByText('No round open: tap “Open betting” to start one')).toBeTruthy();
    expect(screen.queryByText(/Round finished/)).toBeNull();
  });

  it('baccarat in Swedish', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), close, card('2H'), card('3D'), card('3S'), card('TD')]);
    render(<DuePanel next={d.next} round={deriveRound('baccarat', d.roundId, d.view)} />, 'sv');
    expect(screen.getByText('Player drar på 5')).toBeTruthy();
    expect(screen.getByText('Ge Player sitt tredje kort')).toBeTruthy();
  });

  it('blackjack: "Seat 1 to act"; the hole card is face down and never named before the reveal (BJ-5a)', () => {
    const d = drive(kernels.blackjack, 'standard', [bet('b1', 'p1', 'seat:1', 1000), close, card('TH'), card('9S'), card('8C'), card('7D')]);
    const round = deriveRound('blackjack', d.roundId, d.view);
    const { container } = render(
      <>
        <TablePanel round={round} />
        <DuePanel next={d.next} round={round} />
      </>,
    );
    expect(screen.getByText('Seat 1 to act')).toBeTruthy();
    const dealer = screen.getByRole('listitem', { name: 'Dealer' });
    expect(within(dealer).getByRole('img', { name: 'Face-down card' })).toBeTruthy();
    expect(within(dealer).getByRole('img', { name: '9 of spades' })).toBeTruthy();
    expect(container.textContent).not.toContain('7 of diamonds');
    expect(screen.queryByRole('img', { name: '7 of diamonds' })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Seat 1' })).getByText('Total 18')).toBeTruthy();
  });

  it('blackjack: a demo robot\'s seat is flagged "robot" to the dealer; a person\'s seat is not (issue 20 defect 1)', () => {
    const d = drive(kernels.blackjack, 'standard', [bet('b1', 'player1', 'seat:1', 1000), bet('b2', 'bot_robot1', 'seat:5', 1000), close]);
    const round = deriveRound('blackjack', d.roundId, d.view);
    render(<TablePanel round={round} />);
    expect(screen.getByRole('listitem', { name: 'Seat 1' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Seat 5 · robot' })).toBeTruthy();
  });

  it('blackjack: the dealer sees how many players bet behind a seat, never who (issue 24, RAY-8.1)', () => {
    const d = drive(kernels.blackjack, 'standard', [bet('b1', 'p1', 'seat:1', 1000), bet('x1', 'p2', 'behind:1', 500), bet('x2', 'p3', 'behind:1', 500), close]);
    const round = deriveRound('blackjack', d.roundId, d.view);
    const { container } = render(<TablePanel round={round} />);
    expect(within(screen.getByRole('listitem', { name: 'Seat 1' })).getByText('2 players behind')).toBeTruthy();
    expect(container.textContent).not.toMatch(/p2|p3/);
  });

  it('blackjack: after the seat stands the dealer reveals, and the console says "Dealer stands on 17"', () => {
    const d = drive(kernels.blackjack, 'standard', [bet('b1', 'p1', 'seat:1', 1000), close, card('TH'), card('9S'), card('8C'), card('8D'), { type: 'PlayerAction', seat: 1, hand: 0, action: 'stand', playerId: 'p1' }]);
    const round = deriveRound('blackjack', d.roundId, d.view);
    render(
      <>
        <TablePanel round={round} />
        <DuePanel next={d.next} round={round} />
      </>,
    );
    expect(screen.getByText('Dealer stands on 17')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Dealer' })).getByRole('img', { name: '8 of diamonds' })).toBeTruthy();
  });

  it('roulette no spin (ROU-4): the banner says the spin did not count and to spin again', () => {
    const d = drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 1 }, { type: 'DeclareNoSpin', reason: 'ball left the wheel', by: 'dealer1' }]);
    const round = deriveRound('roulette', d.roundId, d.view);
    render(
      <>
        <SpecialBanner special={round.special} />
        <DuePanel next={d.next} round={round} />
      </>,
    );
    const banner = screen.getByRole('status', { name: 'Attention' });
    expect(within(banner).getByRole('heading').textContent).toContain('No spin (ROU-4)');
    expect(within(banner).getByText('Spin the ball again.')).toBeTruthy();
    expect(screen.getByText('No spin: spin the ball again')).toBeTruthy();
  });

  it('baccarat misdeal (BAC-17): an alert to stop and call the pit boss; no manual entry offered', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), close, card('9H'), card('TD'), card('KS'), card('7C'), card('5H')]);
    const round = deriveRound('baccarat', d.roundId, d.view);
    render(
      <>
        <SpecialBanner special={round.special} />
        <DuePanel next={d.next} round={round} />
        <Controls controls={controlsFor(round, { tableOpen: true, voidPending: false })} autoCadence={false} busy={null} onAction={() => undefined} onDialog={() => undefined} />
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toContain('Misdeal');
    expect(within(alert).getByText(/call the pit boss/)).toBeTruthy();
    expect(screen.getByText('Stop dealing and call the pit boss')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter card by hand' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request void' })).toBeTruthy();
  });

  it('baccarat unreadable card (S-3): enter it by hand — the pit boss signs it off', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), close, card('2H'), { type: 'RecordUnreadableCard' }]);
    const round = deriveRound('baccarat', d.roundId, d.view);
    expect(controlsFor(round, { tableOpen: true, voidPending: false }).manualCard).toBe('EnterManualCard');
    render(<SpecialBanner special={round.special} />);
    expect(screen.getByText('Enter the card by hand; the pit boss signs it off.')).toBeTruthy();
  });

  it('derived: "No more bets" at the timer while betting; after settlement the result stays and the next step is named', () => {
    const betting = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500)]);
    render(<DuePanel next={betting.next} round={deriveRound('baccarat', betting.roundId, betting.view)} />);
    expect(screen.getByText('Say “No more bets” when the timer ends')).toBeTruthy();
    cleanup();
    const settled = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), close, card('9H'), card('TD'), card('KS'), card('7C'), { type: 'MarkSettled' }]);
    const round = deriveRound('baccarat', settled.roundId, settled.view);
    expect(round.phase).toBe('settled');
    render(<DuePanel next={settled.next} round={round} />);
    expect(within(screen.getByRole('region', { name: 'What is due' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Player wins, 9 to 7GEN-5', 'Round finished: tap “Open betting” for the next round']);
    cleanup();
    render(<DuePanel next={settled.next} round={round} autoCadence />, 'sv');
    expect(screen.getByText('Player vinner, 9 mot 7')).toBeTruthy();
    expect(screen.getByText('Nästa omgång öppnar av sig själv om några sekunder')).toBeTruthy();
  });

  it('a voided round stays "Round void" after its refunds are settled (GEN-6)', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'p1', 'player', 500), { type: 'VoidRound', reason: 'Device fault — approved by pitboss1', by: 'pitboss1' }, { type: 'MarkSettled' }]);
    const round = deriveRound('baccarat', d.roundId, d.view);
    expect(round.phase).toBe('void');
    render(
      <>
        <SpecialBanner special={round.special} />
        <StatusBoard table={table} round={round} />
      </>,
    );
    expect(screen.getByText('Reason: Device fault — approved by pitboss1')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Round status' })).getByText('Round void')).toBeTruthy();
  });

  it('an unknown message is shown as the server wrote it, never dropped', () => {
    const round = deriveRound('sicbo', 'rnd_1', { phase: 'play' });
    render(<DuePanel next={[{ kind: 'new-thing', message: 'Do the new thing', ruleId: 'X-1' }]} round={round} />);
    expect(screen.getByText('Do the new thing')).toBeTruthy();
  });
});

describe('status without player identities', () => {
  it('shows the number of players and the total stake, never who they are', () => {
    const d = drive(kernels.baccarat, 'punto-banco', [bet('b1', 'player1', 'player', 500), bet('b2', 'player2', 'banker', 700), bet('b3', 'player1', 'tie', 300)]);
    const { container } = render(<StatusBoard table={table} round={deriveRound('baccarat', d.roundId, d.view)} />);
    const status = screen.getByRole('region', { name: 'Round status' });
    expect(within(status).getByText('Betting open')).toBeTruthy();
    const fig = (label: string) => within(status).getByText(label).nextElementSibling?.textContent;
    expect(fig('Players')).toBe('2');
    expect(fig('Bets')).toBe('3');
    expect(fig('Total stake')).toBe('€15.00');
    expect(fig('Round')).toBe('rnd_test_1');
    expect(screen.getByRole('timer', { name: 'Betting closes in' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/player1|player2/);
  });
});

describe('dialogs', () => {
  it('a void request needs a reason: one tap on a preset sends it', () => {
    const onSubmit = vi.fn();
    render(<ReasonDialog title="Request a void" intro="…" submitLabel="Send void request" presets={['Device fault', 'Misdeal']} otherLabel="Other" busy={false} onSubmit={onSubmit} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Request a void' });
    const send = within(dialog).getByRole('button', { name: 'Send void request' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Misdeal' }));
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledWith('Misdeal');
  });

  it('"Other" asks for the words; the typed reason is sent', () => {
    const onSubmit = vi.fn();
    render(<ReasonDialog title="Call the pit boss" intro="…" submitLabel="Call now" presets={['Player dispute']} otherLabel="Other" busy={false} onSubmit={onSubmit} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: '  chip spilled  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call now' }));
    expect(onSubmit).toHaveBeenCalledWith('chip spilled');
  });

  it('manual number entry: the number and what the dealer saw of the spin; the command names the spin in progress and the roulette kernel takes it', () => {
    const onSubmit = vi.fn();
    render(<ManualNumberDialog busy={false} onSubmit={onSubmit} onClose={() => undefined} />);
    const send = screen.getByRole('button', { name: 'Send for sign-off' });
    fireEvent.click(within(screen.getByRole('group', { name: 'Winning number' })).getByRole('button', { name: '17' }));
    expect((send as HTMLButtonElement).disabled).toBe(true); // revolutions not counted yet
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'More revolutions' }));
    expect(screen.getByText('Number to enter: 17 (5 revolutions)')).toBeTruthy();
    fireEvent.click(send);
    const seen = { number: 17, revolutions: 5, ballDirection: 'ccw', wheelDirection: 'cw' };
    expect(onSubmit).toHaveBeenCalledWith(seen);

    // Ball launched as spin 7, then the reader failed: the entry names spin 7; signed off, the kernel records it.
    const spinning = drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 7 }]);
    const cmd = manualSpinCommand(deriveRound('roulette', spinning.roundId, spinning.view), seen as Parameters<typeof manualSpinCommand>[1]);
    expect(cmd).toEqual({ type: 'RecordSpinResult', spin: 7, ...seen });
    const after = drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 7 }, cmd]);
    expect((after.view as { result: { number: number } }).result.number).toBe(17);
    // Too few revolutions as the dealer counted them is still a no spin once signed off (ROU-4).
    const few = { ...cmd, revolutions: 1 };
    expect((drive(kernels.roulette, 'european', [close, { type: 'RecordBallLaunched', spin: 7 }, few]).view as { noSpinCount: number }).noSpinCount).toBe(1);
    // No launch reported: no manual number is offered (a result without a launch is a fault, not an outcome).
    const closed = drive(kernels.roulette, 'european', [close]);
    expect(controlsFor(deriveRound('roulette', closed.roundId, closed.view), { tableOpen: true, voidPending: false }).manualResult).toBeNull();
  });

  it('manual dice entry: a face for each of the three dice, sent for sign-off', () => {
    const onSubmit = vi.fn();
    render(<ManualDiceDialog busy={false} onSubmit={onSubmit} onClose={() => undefined} />);
    const send = screen.getByRole('button', { name: 'Send for sign-off' });
    fireEvent.click(within(screen.getByRole('group', { name: 'Die 1' })).getByRole('button', { name: '2' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Die 2' })).getByRole('button', { name: '5' }));
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(screen.getByRole('group', { name: 'Die 3' })).getByRole('button', { name: '5' }));
    expect(screen.getByText('Dice to enter: 2 · 5 · 5 (total 12)')).toBeTruthy();
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledWith([2, 5, 5]);
  });

  it('manual card entry: rank + suit → the card, sent for sign-off', () => {
    const onSubmit = vi.fn();
    render(<ManualCardDialog busy={false} onSubmit={onSubmit} onClose={() => undefined} />);
    const send = screen.getByRole('button', { name: 'Send for sign-off' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(screen.getByRole('group', { name: 'Rank' })).getByRole('button', { name: 'Queen' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Suit' })).getByRole('button', { name: 'hearts' }));
    expect(screen.getByText('Card to enter: Queen of hearts')).toBeTruthy();
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledWith('QH');
  });
});

describe('device health in plain language', () => {
  it('names each device, says whether it works and what to do', () => {
    const now = Date.now();
    const health = [
      { tableId: 'tbl_1', deviceId: 'wheel-1', status: { state: 'online' as const, model: 'SS2', firmware: null, configHash: null, at: now - 2_000 }, lastSeq: 4, lastEventAt: now - 3_000 },
      { tableId: 'tbl_1', deviceId: 'timer-1', status: { state: 'offline' as const, model: 'TB', firmware: null, configHash: null, at: now - 60_000 }, lastSeq: null, lastEventAt: null },
    ];
    render(<DevicePanel table={table} health={health} failed={false} />);
    const items = within(screen.getByRole('region', { name: 'Devices' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.dc-device-state')?.textContent)).toEqual(['Not connected', 'No report yet', 'Working']);
    expect(items[0]?.textContent).toContain('Bet timer box');
    expect(items[0]?.textContent).toContain('Check power and cable, then call a technician.');
    expect(items[1]?.textContent).toContain('Card shoe');
    expect(items[2]?.textContent).toContain('Roulette wheel');
    expect(items[2]?.textContent).toMatch(/Last signal [23] s ago/);
    // a working device has nothing to do: its empty catalogue entry shows nothing, not the key (i18next 27's returnEmptyString)
    expect(items[2]?.querySelector('.dc-device-advice')).toBeNull();
    expect(items[2]?.textContent).not.toContain('devices.advice');
  });
});

describe('after a void the console says one thing (issue 20 defect 9)', () => {
  const voided = () => {
    const d = drive(kernels.roulette, 'european', [bet('b1', 'p1', 'red', 1000), close, { type: 'VoidRound', reason: 'ball left the wheel' }]);
    return deriveRound('roulette', d.roundId, d.view);
  };

  it('a voided roulette round shows "Round void" and no result, never "Waiting for the number"', () => {
    const round = voided();
    expect(round.phase).toBe('void');
    const { container } = render(
      <>
        <SpecialBanner special={round.special} />
        <TablePanel round={round} />
      </>,
    );
    expect(container.textContent).not.toContain('Waiting for the number');
    expect(container.textContent).toContain('No result: the round is void');
  });

  it('the "Void requested" toast is dismissed once the round is void, or the next round opens', () => {
    expect(noticeOutlived({ roundId: 'r1', phase: 'closed' }, { roundId: 'r1', phase: 'void' })).toBe(true);
    expect(noticeOutlived({ roundId: 'r1', phase: 'betting' }, { roundId: 'r1', phase: 'closed' })).toBe(false);
    expect(noticeOutlived({ roundId: 'r1', phase: 'settled' }, { roundId: 'r2', phase: 'betting' })).toBe(true);
    function Probe({ round }: { readonly round: { roundId: string | null; phase: string } }) {
      const [toast, setToast] = useState<string | null>('Void requested. The pit boss decides.');
      useClearOutlived(round, () => setToast(null));
      return <p role="status">{toast ?? ''}</p>;
    }
    const r = render(<Probe round={{ roundId: 'r1', phase: 'closed' }} />);
    expect(screen.getByRole('status').textContent).toBe('Void requested. The pit boss decides.');
    r.rerender(<Probe round={{ roundId: 'r1', phase: 'closed' }} />);
    expect(screen.getByRole('status').textContent).toBe('Void requested. The pit boss decides.');
    r.rerender(<Probe round={{ roundId: 'r1', phase: 'void' }} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('"Waiting for the pit boss" holds a request of the round in play, and nothing once the round is void or settled (the list is read every 3 s)', () => {
    const req = { requestId: 'vrq_1', tableId: 'tbl_1', roundId: 'r1', kind: 'void', reason: 'Device fault', requestedBy: 'dealer1', at: 1 } as unknown as Parameters<typeof PendingPanel>[0]['pending'][number];
    const r = render(<PendingPanel pending={[req]} roundId="r1" phase="closed" />);
    expect(screen.getByRole('region', { name: 'Waiting for the pit boss' }).textContent).toContain('Device fault');
    r.rerender(<PendingPanel pending={[req]} roundId="r1" phase="void" />);
    expect(screen.queryByRole('region', { name: 'Waiting for the pit boss' })).toBeNull();
    r.rerender(<PendingPanel pending={[req]} roundId="r1" phase="settled" />);
    expect(screen.queryByRole('region', { name: 'Waiting for the pit boss' })).toBeNull();
  });
});
