/* global fetch */
// A bet flooder in its own process (test/bench/flood-fairness.bench.ts): `streams` closed loops posting
// bets as fast as the server answers, for `ms` milliseconds; prints `{"sent":n,"byStatus":{…}}`.
const [url, token, tableId, streams, ms, tag] = process.argv.slice(2);
const end = Date.now() + Number(ms);
const byStatus = {};
let sent = 0;
await Promise.all(
  Array.from({ length: Number(streams) }, async (_, w) => {
    for (let i = 0; Date.now() < end; i++) {
      const res = await fetch(`${url}/tables/${tableId}/bets`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ betId: `${tag}-${w}-${i}`, spot: 'big', stakeMinor: 100 }) });
      await res.arrayBuffer();
      sent++;
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    }
  }),
);
process.stdout.write(`${JSON.stringify({ sent, byStatus })}\n`);
