import { encodeSs2Frame, type Ss2Frame } from '@felt-studio/protocol';

/** A realistic SS2 stream: games with repeated status lines, sensor passes, bare numbers, and a torn line now and then. */
export function* ss2Lines(): Generator<string> {
  let spin = 1;
  let win: number | null = null;
  for (let game = 0; ; game++) {
    const st = (state: number, flags = 0): string => encodeSs2Frame({ type: 'status', state, spin, win, flags, speed: 150, direction: game % 2 === 0 ? 'cw' : 'ccw' } as Ss2Frame);
    for (let i = 0; i < 3; i++) yield st(1);
    for (let i = 0; i < 6; i++) yield st(2);
    yield st(3);
    for (let r = 0; r < 10; r++) {
      yield '*bs 2';
      yield '*bs 3';
      yield '*bs 1';
      if (r === 6) yield st(4);
    }
    const n = (game * 7) % 37;
    yield `*bn ${String(n).padStart(2, '0')}`;
    yield String(n);
    win = n;
    for (let i = 0; i < 4; i++) yield st(5);
    if (game % 10 === 0) yield '00;0';
    spin = (spin % 256) + 1;
  }
}

