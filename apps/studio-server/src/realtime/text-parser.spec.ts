import { describe, expect, it } from 'vitest';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { textParser } from './text-parser.js';

describe('the text parser (issue 25 §2): socket.io JSON packets without the search for binary', () => {
  const packets: Packet[] = [
    { type: PacketType.EVENT, nsp: '/', data: ['round.events', { tableId: 't', roundId: 'r', prev: 3, events: [{ seq: 4, type: 'BetAccepted', event: { bet: { betId: 'b', stakeMinor: 100 } } }], view: { bets: [{ betId: 'b' }], limits: { spots: {} } } }] },
    { type: PacketType.ACK, nsp: '/', id: 17, data: [{ ok: true, result: { bets: [], totals: { count: 1, stakedMinor: 100 } }, frames: [] }] },
    { type: PacketType.EVENT, nsp: '/admin', id: 2, data: ['x', 'ü — "quoted"', null, 0] },
    { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
    { type: PacketType.DISCONNECT, nsp: '/' },
  ];

  it('writes exactly the bytes socket.io writes for a packet without binary', () => {
    const ours = new textParser.Encoder();
    const theirs = new Encoder();
    for (const p of packets) expect(ours.encode(p)).toEqual(theirs.encode(p));
  });

  it('refuses a Buffer rather than send it as JSON', () => {
    expect(() => new textParser.Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: ['x', Buffer.from('ab')] })).toThrow(/no binary/);
  });
});
