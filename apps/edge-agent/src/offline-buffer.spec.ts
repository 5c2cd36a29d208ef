import { mkdtempSync, rmSync, appendFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBuffer } from './offline-buffer.js';
import { SeqCounter } from './seq-counter.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'felt-buf-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('offline buffer (agent outbox)', () => {
  it('survives a restart and replays the unacknowledged tail in order', () => {
    const dir = tmp();
    const a = new OfflineBuffer({ dir });
    for (let i = 0; i < 10; i++) a.append('t', `m${i}`);
    a.ack(3);
    const b = new OfflineBuffer({ dir }); // "restart"
    expect(b.unacked().map((e) => e.payload)).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('keeps indexes monotonic after compaction and restart', () => {
    const dir = tmp();
    const a = new OfflineBuffer({ dir });
    a.append('t', 'x');
    a.append('t', 'y');
    a.ack(1); // compacts
    const b = new OfflineBuffer({ dir });
    const e = b.append('t', 'z');
    expect(e.index).toBe(2);
    const c = new OfflineBuffer({ dir });
    expect(c.unacked().map((x) => x.payload)).toEqual(['z']);
  });

  it('tolerates a torn last line from a crash mid-append', () => {
    const dir = tmp();
    const a = new OfflineBuffer({ dir });
    a.append('t', 'ok');
    appendFileSync(join(dir, 'journal.jsonl'), '{"index":1,"top');
    const b = new OfflineBuffer({ dir });
    expect(b.unacked().map((x) => x.payload)).toEqual(['ok']);
  });

  it('drops the oldest beyond its bound and counts it (never silently)', () => {
    const b = new OfflineBuffer({ dir: tmp(), maxEntries: 3 });
    for (let i = 0; i < 5; i++) b.append('t', String(i));
    expect(b.unacked().map((x) => x.payload)).toEqual(['2', '3', '4']);
    expect(b.dropped).toBe(2);
  });
});

it('keeps the journal on disk bounded under a steady stream that never fully drains', () => {
  const dir = tmp();
  const b = new OfflineBuffer({ dir });
  for (let i = 0; i < 12_000; i++) {
    b.append('t', `m${i}`);
    if (i >= 3) b.ack(i - 3); // always 3 in flight
  }
  const lines = readFileSync(join(dir, 'journal.jsonl'), 'utf8').split('\n').filter((l) => l !== '');
  expect(lines.length).toBeLessThan(5100);
  const again = new OfflineBuffer({ dir });
  expect(again.unacked().map((e) => e.payload)).toEqual(['m11997', 'm11998', 'm11999']);
});

describe('device seq counter', () => {
  it('is monotonic across restarts', () => {
    const dir = tmp();
    const a = new SeqCounter(dir);
    expect([a.next(), a.next(), a.next()]).toEqual([1, 2, 3]);
    const b = new SeqCounter(dir);
    expect(b.next()).toBe(4);
  });
});
