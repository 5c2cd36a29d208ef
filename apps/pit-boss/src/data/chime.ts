import type { Chime } from './alerts.model';

let ctx: AudioContext | null = null;

/** A short tone through Web Audio (no sound files): `urgent` = three high beeps, `notice` = one. */
export function playChime(kind: Exclude<Chime, null>): void {
  try {
    const AC = globalThis.AudioContext as typeof AudioContext | undefined;
    if (!AC) return;
    ctx ??= new AC();
    const beeps = kind === 'urgent' ? 3 : 1;
    const freq = kind === 'urgent' ? 1046 : 660;
    for (let i = 0; i < beeps; i++) {
      const t0 = ctx.currentTime + i * 0.22;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.25, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.2);
    }
  } catch (_e) {
    // audio blocked until the user interacts with the page: the visual alert still shows
  }
}
