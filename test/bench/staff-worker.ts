/**
 * Bench helper (issue 13, `scale-bets --staff`): a dealer console and a pit boss joined to the table over
 * socket.io, in a process of their own so their frames' client cost is not counted as the server's. Counts
 * the round frames each receives; prints `STAFF {...}` on SIGTERM.
 *   argv: <url> <tableId> <dealerToken> <pitbossToken>
 */
import { io, type Socket } from 'socket.io-client';

const [url, tableId, dealerToken, pitToken] = process.argv.slice(2) as [string, string, string, string];
const counts = { dealer: { frames: 0, events: 0 }, pitboss: { frames: 0, events: 0 } };
const join = async (token: string, who: 'dealer' | 'pitboss'): Promise<Socket> => {
  const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  s.on('round.event', () => {
    counts[who].frames++;
    counts[who].events++;
  });
  s.on('round.events', (b: { events: unknown[] }) => {
    counts[who].frames++;
    counts[who].events += b.events.length;
  });
  const ack = (await s.timeout(30_000).emitWithAck('table.join', { tableId })) as { ok: boolean };
  if (!ack.ok) throw new Error(`${who} join: ${JSON.stringify(ack)}`);
  return s;
};
const sockets = [await join(dealerToken, 'dealer'), await join(pitToken, 'pitboss')];
process.on('SIGTERM', () => {
  console.log(`STAFF ${JSON.stringify(counts)}`);
  for (const s of sockets) s.disconnect();
  process.exit(0);
});
console.log('STAFF-READY');
