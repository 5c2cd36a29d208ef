#!/usr/bin/env node
/* global fetch, setTimeout */
// Issue 21 §2: what one watched table's studio camera costs. Starts `felt studio --no-bots` (the built CLI; run
// `npm run build` first) on free ports, then measures the CPU time of the studio server and its ffmpeg children
// (/proc/<pid>/stat utime+stime) for MEASURE_S with nobody watching, and again while one viewer pulls Roulette 1's
// LL-HLS (playlist every 0.4 s, each new segment once, as hls.js does). Prints the difference as a share of one
// core. A benchmark, not a test: it never fails on timing. On a shared machine, say "loaded machine" beside it.
//
//   node scripts/node-lts.mjs node test/bench/camera-cpu.mjs [MEASURE_S=30]
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEASURE_S = Number(process.argv[2] ?? 30);
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const freePort = () => new Promise((res) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = (pid) => { try { return execFileSync('pgrep', ['-P', String(pid)]).toString().trim().split('\n').filter(Boolean).map(Number); } catch { return []; } };
const tree = (pid) => [pid, ...children(pid).flatMap(tree)];
const cpuTicks = (pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
/** CPU seconds used by `pid` and everything under it during `ms` (processes that start meanwhile count from their start). */
/** The last measurement by process name (node: the studio server; ffmpeg: its encoders), share of one core. */
let lastSplit = '';
let lastThreads = '';
async function cpuDuring(root, ms, work) {
  const seen = new Map(tree(root).map((p) => [p, cpuTicks(p)]));
  const tids = () => { try { return readdirSync(`/proc/${root}/task`); } catch { return []; } };
  const seenThreads = new Map(tids().map((t) => [t, cpuTicks(`${root}/task/${t}`)]));
  const end = Date.now() + ms;
  const busy = work(end);
  while (Date.now() < end) {
    for (const p of tree(root)) if (!seen.has(p)) seen.set(p, 0);
    for (const t of tids()) if (!seenThreads.has(t)) seenThreads.set(t, 0);
    await sleep(500);
  }
  let used = 0;
  const byName = {};
  for (const [p, t0] of seen) {
    const d = Math.max(0, cpuTicks(p) - t0);
    used += d;
    let name = '?';
    try { name = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0].split('/').pop(); } catch { /* gone */ }
    if (name.startsWith('node')) name = 'node';
    byName[name] = (byName[name] ?? 0) + d / TICK;
  }
  await busy;
  lastSplit = Object.entries(byName).map(([k, v]) => `${k} ${((v / (ms / 1000)) * 100).toFixed(1)} %`).join(', ');
  // the studio server's threads (main, V8's GC helpers, libuv's pool, native ones) by name: where its CPU goes
  const threads = {};
  for (const [tid, t0] of seenThreads) {
    const d = Math.max(0, cpuTicks(`${root}/task/${tid}`) - t0);
    let name = '?';
    try { name = readFileSync(`/proc/${root}/task/${tid}/comm`, 'utf8').trim().replace(/[0-9]+$/, ''); } catch { /* gone */ }
    threads[name] = (threads[name] ?? 0) + d / TICK;
  }
  lastThreads = Object.entries(threads).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${((v / (ms / 1000)) * 100).toFixed(1)} %`).join(', ');
  return used / TICK;
}

const port = await freePort();
const mqttPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'felt-camera-bench-'));
const studio = spawn(process.execPath, ['apps/cli/bin/felt.js', 'studio', '--port', String(port), '--mqtt-port', String(mqttPort), '--data-dir', dataDir, '--no-bots'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
studio.stdout.on('data', (d) => (out += d));
try {
  for (let i = 0; i < 600 && !out.includes('Felt studio is running'); i++) await sleep(500);
  if (!out.includes('every table has a studio camera')) throw new Error(`the studio runs without video:\n${out}`);
  const base = `http://127.0.0.1:${port}`;
  const server = children(studio.pid).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('main.js'));
  const login = await (await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'player1', password: 'demo' }) })).json();
  const auth = { authorization: `Bearer ${login.token}` };
  const table = (await (await fetch(`${base}/tables`, { headers: auth })).json()).find((t) => t.name === 'Roulette 1');
  const sources = (await (await fetch(`${base}/tables/${table.tableId}/stream`, { headers: auth })).json()).sources;
  const url = sources.find((s) => s.kind === 'll-hls').url;
  const whepUrl = sources.find((s) => s.kind === 'whep')?.url ?? null;

  const idle = await cpuDuring(server, MEASURE_S * 1000, async () => undefined);
  const idleSplit = lastSplit;
  const idleThreads = lastThreads;
  let segments = 0;
  // the master playlist names the renditions: the viewer plays the first (360p), as hls.js starts
  const master = await (await fetch(url)).text();
  const variant = master.split('\n').find((l) => l !== '' && !l.startsWith('#'));
  const media = variant === undefined ? url : new URL(variant, url).href;
  const viewer = async (end) => {
    const got = new Set();
    while (Date.now() < end) {
      const pl = await (await fetch(media)).text();
      for (const line of pl.split('\n')) {
        if (!line.startsWith('seg_') && !line.startsWith('#EXT-X-MAP')) continue;
        const rel = line.startsWith('#EXT-X-MAP') ? /URI="([^"]+)"/.exec(line)[1] : line;
        if (got.has(rel.split('?')[0])) continue;
        got.add(rel.split('?')[0]);
        await (await fetch(new URL(rel, media))).arrayBuffer();
        segments++;
      }
      await sleep(400);
    }
  };
  await sleep(3000);
  const watched = await cpuDuring(server, MEASURE_S * 1000, viewer);
  const watchedSplit = lastSplit;
  const watchedThreads = lastThreads;
  // a WebRTC viewer (WHEP, werift in this process) beside the LL-HLS one: the camera with both its encoders
  // and the RTP forwarding (issue 21 §2), then the LL-HLS encoder stops once nobody asks (20 s) — WebRTC alone
  let packets = 0;
  let both = null;
  let rtcOnly = null;
  let bothSplit = '';
  let bothThreads = '';
  let rtcSplit = '';
  if (whepUrl !== null) {
    const { RTCPeerConnection } = await import('werift');
    const { H264 } = await import('../../apps/studio-server/dist/camera/camera.webrtc.js');
    const pc = new RTCPeerConnection({ codecs: { video: [H264()] } });
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => packets++));
    await pc.setLocalDescription(await pc.createOffer());
    const res = await fetch(whepUrl, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription.sdp });
    if (res.status !== 201) throw new Error(`WHEP refused: ${res.status} ${await res.text()}`);
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    await sleep(3000);
    both = await cpuDuring(server, MEASURE_S * 1000, viewer);
    bothSplit = lastSplit;
    bothThreads = lastThreads;
    await sleep(25_000); // nobody asks for LL-HLS: its encoder stops (CAMERA_TIMING.idleStopMs)
    const before = packets;
    rtcOnly = await cpuDuring(server, MEASURE_S * 1000, async () => undefined);
    rtcSplit = lastSplit;
    packets -= before;
    await pc.close();
  }
  const pct = (s) => `${((s / MEASURE_S) * 100).toFixed(1)} % of one core`;
  console.log(`studio server + ffmpeg, ${MEASURE_S} s each (nproc ${execFileSync('nproc').toString().trim()}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}):`);
  console.log(`  nobody watching ........ ${pct(idle)} (${idleSplit})`);
  console.log(`  one table watched ...... ${pct(watched)} (LL-HLS; ${segments} files fetched; ${watchedSplit})`);
  console.log(`  the camera of one table  ${pct(watched - idle)} (LL-HLS)`);
  console.log(`    the server's threads, nobody watching: ${idleThreads}`);
  console.log(`    the server's threads while watched (LL-HLS): ${watchedThreads}`);
  if (both !== null) console.log(`  LL-HLS and WebRTC ...... ${pct(both - idle)} (the camera with both encoders and one WebRTC peer; ${bothSplit})`);
  if (both !== null) console.log(`    the server's threads (LL-HLS and WebRTC): ${bothThreads}`);
  if (rtcOnly !== null) console.log(`  WebRTC only ............ ${pct(rtcOnly - idle)} (${packets} RTP packets to the peer in ${MEASURE_S} s; ${rtcSplit})`);
} finally {
  studio.kill('SIGINT');
  await new Promise((r) => studio.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
