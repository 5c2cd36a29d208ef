import { ALL_CARDS, createShoe } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { createDuplexPair } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { hostFrame, readNmeaLine } from './nmea-test-support.js';
import { ShoeSim, type ShoeSimOptions } from './shoe.sim.js';

function rig(opts: Partial<ShoeSimOptions> = {}) {
  const sched = new ManualScheduler();
  const { device, host } = createDuplexPair();
  const rec = new HostRecorder(host, () => sched.now());
  const shoe = new ShoeSim({ scheduler: sched, seed: 2024, ...opts });
  shoe.start(device);
  const frames = () => rec.lines.map((l) => ({ line: l, f: readNmeaLine(l) }));
  return { sched, rec, shoe, frames };
}

describe('card shoe emulator (Felt shoe line protocol v1, devices.md §3)', () => {
  it('announces the shoe `$SHOE,0,IN,8*hh`, then deals `$CARD,<seq>,<code>*hh` in the seeded createShoe order', () => {
    const r = rig();
    for (let i = 0; i < 6; i++) r.shoe.dealNext();
    const lines = r.rec.lines;
    expect(lines[0]).toBe(hostFrame('SHOE', 0, 'IN', 8));
    const expected = createShoe({ decks: 8, cutFromEnd: 14 }, 2024).order.slice(0, 6);
    expect(lines.slice(1)).toEqual(expected.map((c, i) => hostFrame('CARD', i + 1, c)));
    expect(r.rec.bytes.split('\r\n').slice(0, -1)).toEqual(lines); // every frame ends CR LF
  });

  it('deals exactly 8 of each card from an 8-deck shoe, with `$CUT` once, 14 cards from the end', () => {
    const r = rig();
    let deal = r.shoe.dealNext();
    while (deal.type !== 'empty') deal = r.shoe.dealNext();
    const fs = r.frames().map((x) => x.f);
    const cards = fs.filter((f) => f?.type === 'CARD').map((f) => f?.fields[0]);
    expect(cards).toHaveLength(416);
    for (const c of ALL_CARDS) expect(cards.filter((x) => x === c)).toHaveLength(8);
    const types = fs.map((f) => f?.type);
    expect(types.filter((t) => t === 'CUT')).toHaveLength(1);
    expect(types.filter((t) => t === 'CARD' || t === 'CUT').indexOf('CUT')).toBe(416 - 14);
    expect(fs.every((f) => f?.checksumOk === true)).toBe(true);
  });

  it('sends `$HB` every 5 s and answers `$STAT` with `$HB`; ignores and counts a host frame with a bad checksum', () => {
    const r = rig();
    r.sched.advance(15_000);
    expect(r.rec.lines.slice(1)).toEqual([hostFrame('HB', 1), hostFrame('HB', 2), hostFrame('HB', 3)]);
    r.rec.send(hostFrame('STAT'));
    expect(r.rec.lines.at(-1)).toBe(hostFrame('HB', 4));
    r.rec.send('$STAT*00');
    r.rec.send(hostFrame('FOO', 1));
    expect(r.rec.lines).toHaveLength(5);
    expect(r.shoe.stats.hostErrors).toBe(2);
    r.rec.send(hostFrame('ACK', 3));
    expect(r.shoe.acked).toEqual([3]);
  });

  it('wraps seq from 65535 to 0', () => {
    const r = rig({ decks: 16 });
    for (let i = 0; i < 65536; i++) r.rec.send(hostFrame('STAT'));
    const seqs = r.frames().slice(-2).map((x) => x.f?.seq);
    expect(seqs).toEqual([65535, 0]);
  });

  it('shuffles by seed: same seed → same shoe, other seed → other order', () => {
    const deal = (seed: number) => {
      const r = rig({ seed });
      for (let i = 0; i < 20; i++) r.shoe.dealNext();
      return r.rec.bytes;
    };
    expect(deal(5)).toBe(deal(5));
    expect(deal(6)).not.toBe(deal(5));
  });

  it('sends `$SHOE,<seq>,OUT` on removal and deals nothing without a shoe; reinsertion reshuffles', () => {
    const r = rig();
    r.shoe.dealNext();
    r.shoe.remove();
    expect(r.shoe.dealNext()).toEqual({ type: 'no-shoe' });
    r.shoe.insert();
    expect(r.rec.lines.slice(2)).toEqual([hostFrame('SHOE', 2, 'OUT'), hostFrame('SHOE', 3, 'IN', 8)]);
    expect(r.shoe.cardsLeft).toBe(416);
  });

  it('injects every fault as its defining bytes: duplicate, bad checksum, $MISS, extra card, $CUT, foreign card, $ERR', () => {
    const r = rig();
    r.shoe.injectFault({ type: 'duplicate-frame' });
    r.shoe.dealNext();
    const [, a, b] = r.rec.lines;
    expect(a).toBe(b); // the same physical frame, same seq (S-1)
    r.shoe.injectFault({ type: 'bad-checksum' });
    r.shoe.dealNext();
    expect(readNmeaLine(r.rec.lines.at(-1) ?? '')?.checksumOk).toBe(false);
    r.shoe.injectFault({ type: 'unreadable-card' });
    expect(r.shoe.dealNext().type).toBe('unreadable');
    expect(r.rec.lines.at(-1)).toBe(hostFrame('MISS', 3));
    r.shoe.injectFault({ type: 'extra-card' });
    const extra = r.shoe.dealNext();
    expect(extra.type === 'card' && extra.cards.length).toBe(2);
    expect(r.rec.lines.slice(-2).map((l) => readNmeaLine(l)?.type)).toEqual(['CARD', 'CARD']);
    r.shoe.injectFault({ type: 'cut-card-next' });
    r.shoe.dealNext();
    expect(r.rec.lines.slice(-2).map((l) => readNmeaLine(l)?.type)).toEqual(['CUT', 'CARD']);
    r.shoe.injectFault({ type: 'error', code: 'JAM' });
    expect(r.rec.lines.at(-1)).toMatch(/^\$ERR,\d+,JAM\*[0-9A-F]{2}$/);
  });

  it('impossible-card: deals a 9th copy of a card from an 8-deck shoe (S-1)', () => {
    const r = rig();
    r.shoe.injectFault({ type: 'impossible-card', card: 'AS' });
    for (let i = 0; i < 9; i++) r.shoe.dealNext();
    const cards = r.frames().filter((x) => x.f?.type === 'CARD').map((x) => x.f?.fields[0]);
    expect(cards).toEqual(Array(9).fill('AS'));
  });
});
