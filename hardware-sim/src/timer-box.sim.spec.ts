import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { createDuplexPair } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { hostFrame } from './nmea-test-support.js';
import { TimerBoxSim } from './timer-box.sim.js';

function rig() {
  const sched = new ManualScheduler();
  const { device, host } = createDuplexPair();
  const rec = new HostRecorder(host, () => sched.now());
  const box = new TimerBoxSim({ scheduler: sched });
  box.start(device);
  return { sched, rec, box };
}

describe('timer box emulator (devices.md §4)', () => {
  it('sends `$BTN,<seq>,<button>*hh` for each press and `$HB,<seq>*hh` every 5 s', () => {
    const r = rig();
    r.box.press('START');
    r.sched.advance(5000);
    r.box.press('NMB');
    r.box.press('VOID');
    r.box.press('PIT');
    expect(r.rec.lines).toEqual([hostFrame('BTN', 0, 'START'), hostFrame('HB', 1), hostFrame('BTN', 2, 'NMB'), hostFrame('BTN', 3, 'VOID'), hostFrame('BTN', 4, 'PIT')]);
  });

  it('shows `$TMR,<s>` as a countdown and `$LAMP,<colour>`, records what it showed, clears on `$TMR,0`', () => {
    const r = rig();
    r.rec.send(hostFrame('TMR', 15));
    r.rec.send(hostFrame('LAMP', 'GREEN'));
    r.sched.advance(4000);
    expect(r.box.display).toEqual({ seconds: 11, lamp: 'GREEN' });
    r.rec.send(hostFrame('LAMP', 'RED'));
    r.rec.send(hostFrame('TMR', 0));
    expect(r.box.display).toEqual({ seconds: 0, lamp: 'RED' });
    expect(r.box.shown).toEqual([
      { type: 'timer', at: 0, seconds: 15 },
      { type: 'lamp', at: 0, lamp: 'GREEN' },
      { type: 'lamp', at: 4000, lamp: 'RED' },
      { type: 'timer', at: 4000, seconds: 0 },
    ]);
  });

  it('ignores and counts host frames with a bad checksum, unknown type or bad value', () => {
    const r = rig();
    r.rec.send('$TMR,15*00');
    r.rec.send(hostFrame('LAMP', 'BLUE'));
    r.rec.send(hostFrame('DANCE'));
    expect(r.box.shown).toEqual([]);
    expect(r.box.stats.hostErrors).toBe(3);
  });

  it('button bounce: one press yields two `$BTN` frames with consecutive seqs', () => {
    const r = rig();
    r.box.bounceNextPress();
    r.box.press('NMB');
    r.sched.advance(100);
    expect(r.rec.lines).toEqual([hostFrame('BTN', 0, 'NMB'), hostFrame('BTN', 1, 'NMB')]);
  });

  it('box offline: no heartbeat and no display updates while offline, then heartbeats resume', () => {
    const r = rig();
    r.box.goOffline(30_000);
    r.rec.send(hostFrame('TMR', 10));
    r.sched.advance(29_000);
    expect(r.rec.lines).toEqual([]);
    expect(r.box.shown).toEqual([]);
    r.sched.advance(2000);
    expect(r.rec.lines).toEqual([hostFrame('HB', 0)]); // the 30 s heartbeat is the first frame back
  });
});
