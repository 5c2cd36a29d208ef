import type { RoundStateBase, Violation } from '@felt-studio/games';
import type { AnyKernel, KernelCommand, KernelEvent } from '../kernels/kernel.registry.js';
import { rejection } from '../shared/command.types.js';

export type Decision =
  | { readonly ok: true; readonly state: RoundStateBase; readonly events: readonly KernelEvent[] }
  | { readonly ok: false; readonly command: KernelCommand; readonly violation: Violation };

/**
 * Decide commands in order, each on the state the previous ones produced (pure: no I/O). A kernel
 * that throws on a malformed hand-entered command, or has no case for another game's command, is a
 * coded rejection, never a crash.
 */
export function decideCommands(kernel: AnyKernel, game: string, state: RoundStateBase, commands: readonly KernelCommand[]): Decision {
  let s = state;
  const events: KernelEvent[] = [];
  for (const c of commands) {
    let d: ReturnType<AnyKernel['decide']> | undefined;
    try {
      d = kernel.decide(s, c) as ReturnType<AnyKernel['decide']> | undefined;
    } catch (e) {
      // decide must not throw for a rule breach; a malformed hand-entered command might still trip it.
      return { ok: false, command: c, violation: rejection('INVALID_COMMAND', null, `${c.type} is malformed: ${(e as Error).message}`) };
    }
    if (d === undefined) return { ok: false, command: c, violation: rejection('UNKNOWN_COMMAND', null, `${game} has no command ${c.type}.`) };
    if (!d.ok) return { ok: false, command: c, violation: d.violation };
    for (const e of d.events) {
      s = kernel.evolve(s, e);
      events.push(e);
    }
  }
  return { ok: true, state: s, events };
}
