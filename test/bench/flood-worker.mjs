// A bet flooder in its own process (test/bench/flood-fairness.bench.ts, issue 22 §5): `inFlight` requests
// always outstanding, posting bets as fast as the server answers, for `ms` milliseconds; prints
// `{"sent":n,"byStatus":{…},"cpuMs":n,"connections":n,"pipeline":n}`.
//
// Cheap on purpose (the flood must stand for a client on another machine, not take this machine's CPU):
// raw keep-alive TCP connections (node:net), each request's bytes built from one prebuilt header and a
// fixed-width body (only the bet id's counter changes), responses only framed (status line, Content-Length
// or chunked) — never parsed as JSON. `FLOOD_CONNECTIONS` connections (default: one per request in flight)
// with `inFlight / connections` requests pipelined on each. `FLOOD_RATE` (requests/s, optional) caps the
// rate instead of a closed loop.
import { Buffer } from 'node:buffer';
import { connect } from 'node:net';
import { setTimeout } from 'node:timers';

const [url, token, tableId, inFlightArg, ms, tag] = process.argv.slice(2);
const inFlight = Math.max(1, Number(inFlightArg));
const connections = Math.max(1, Math.min(inFlight, Number(process.env['FLOOD_CONNECTIONS'] || inFlight)));
const pipeline = Math.max(1, Math.ceil(inFlight / connections));
const rate = Number(process.env['FLOOD_RATE'] || 0);
const { hostname, port } = new URL(url);
const cpu0 = process.cpuUsage();
const end = Date.now() + Number(ms);
const byStatus = {};
let sent = 0;
let answered = 0;

const path = `/tables/${encodeURIComponent(tableId)}/bets`;
const bodyOf = (n) => `{"betId":"${tag}-${String(n).padStart(10, '0')}","spot":"big","stakeMinor":100}`;
const head = Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(bodyOf(0))}\r\n\r\n`);
let counter = 0;
const request = () => Buffer.concat([head, Buffer.from(bodyOf(counter++))]);

// Pacing for FLOOD_RATE: the n-th request overall is due at start + n / rate.
const start = Date.now();
const dueIn = () => (rate > 0 ? start + (sent * 1000) / rate - Date.now() : 0);

const CRLF2 = Buffer.from('\r\n\r\n');
const CHUNK_END = Buffer.from('0\r\n\r\n');

/** One connection: `pipeline` requests outstanding; resolves when the time is up and all were answered. */
function run() {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0);
    let outstanding = 0;
    const send = () => {
      if (Date.now() >= end) {
        if (outstanding === 0) socket.end();
        return;
      }
      const wait = dueIn();
      if (wait > 0) {
        setTimeout(send, wait);
        return;
      }
      outstanding++;
      sent++;
      socket.write(request());
    };
    socket.on('connect', () => {
      for (let i = 0; i < pipeline; i++) send();
    });
    socket.on('data', (chunk) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      for (;;) {
        const h = buf.indexOf(CRLF2);
        if (h < 0) return;
        const headers = buf.subarray(0, h).toString('latin1');
        const status = headers.slice(9, 12);
        const cl = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
        let total;
        if (cl) total = h + 4 + Number(cl[1]);
        else if (/\r\ntransfer-encoding:\s*chunked/i.test(headers)) {
          const e = buf.indexOf(CHUNK_END, h + 4);
          if (e < 0) return;
          total = e + CHUNK_END.length;
        } else total = h + 4;
        if (buf.length < total) return;
        buf = buf.subarray(total);
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        answered++;
        outstanding--;
        if (/\r\nconnection:\s*close/i.test(headers)) {
          socket.destroy();
          resolve(run()); // the server closed this one: open another
          return;
        }
        send();
      }
    });
    socket.on('end', () => resolve(undefined));
    socket.on('close', () => resolve(undefined));
    socket.on('error', (e) => (Date.now() >= end ? resolve(undefined) : reject(e)));
  });
}

await Promise.all(Array.from({ length: connections }, () => run()));
const cpu = process.cpuUsage(cpu0);
process.stdout.write(`${JSON.stringify({ sent, answered, byStatus, cpuMs: Math.round((cpu.user + cpu.system) / 1000), connections, pipeline })}\n`);
