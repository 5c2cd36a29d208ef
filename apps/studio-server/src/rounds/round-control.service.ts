import { Inject, Injectable, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { ok, type Result, type Violation } from '@felt-studio/games';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import type { Role } from '@felt-studio/games';
import { commandsOf, type KernelCommand } from '../kernels/kernel.registry.js';
import { InMemoryPendingRequests, PENDING_REQUESTS, type PendingRequestsRepository } from './pending-requests.js';
import type { PendingRequest } from './pending-request.model.js';

export type { PendingRequest } from './pending-request.model.js';
import { ROUNDS_ALERTS, ROUNDS_AUDIT, type AlertsPort, type AuditPort } from '../shared/ports/rounds.ports.js';
import { RoundsService, type Committed, type LoadedRound } from './rounds.service.js';
import { rejection, type Actor } from '../shared/command.types.js';


/** Commands only the server/settlement issues: never accepted from a person through these paths. */
const RESERVED = new Set(['OpenRound', 'PlaceBet', 'CancelBet', 'MarkSettled', 'VoidRound', 'CloseBetting', 'StallPlay', 'ResumePlay']);
/**
 * May `role` issue `type` directly at this round? The game's definition lists its commands and their
 * roles (`commands`); one that needs a second person's sign-off (S-3) goes through a pit-boss approval.
 * A reserved (common) command or another role's command is FORBIDDEN; a command the game does not
 * list at all is UNKNOWN_COMMAND.
 */
function permission(round: LoadedRound, type: string, role: Role): Violation | null {
  if (RESERVED.has(type)) return rejection('FORBIDDEN', null, `${type} cannot be issued by a ${role}.`);
  const spec = commandsOf(round.kernel).find((c) => c.type === type);
  if (!spec) return rejection('UNKNOWN_COMMAND', null, `A ${round.game} table has no ${role} command ${type}.`);
  if (!spec.roles.includes(role)) return rejection('FORBIDDEN', spec.ruleId, `A ${role} cannot issue ${type} (${spec.description}).`);
  if (spec.signOff === true) return rejection('FORBIDDEN', spec.ruleId, `${type} needs a second person's sign-off: enter it for pit-boss approval.`);
  return null;
}

/**
 * Dealer and pit-boss round control (issue §9): no more bets, void request → pit-boss approval (a
 * person never approves their own request), manual entries with sign-off (S-3), result corrections.
 * Every step is audited with who/when/why.
 */
@Injectable()
export class RoundControlService implements OnApplicationBootstrap {
  constructor(
    private readonly rounds: RoundsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(ROUNDS_AUDIT) private readonly audit: AuditPort,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    /** Pending requests are stored (they survive a restart); in memory when nothing else is given. */
    @Optional() @Inject(PENDING_REQUESTS) private readonly pending: PendingRequestsRepository = new InMemoryPendingRequests(),
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.resume();
  }

  /**
   * After a restart: every request still waiting is announced to the pit boss again (never silently
   * forgotten); a request whose round is over (settled or void) can no longer apply and is withdrawn.
   */
  async resume(): Promise<PendingRequest[]> {
    const waiting: PendingRequest[] = [];
    for (const req of await this.pending.list()) {
      const round = await this.rounds.round(req.roundId);
      if (!round || RoundsService.finished(round.state.phase)) {
        await this.pending.delete(req.requestId);
        await this.audit.record({ actor: 'system', role: 'system', action: req.kind === 'void' ? 'round.void-request.withdrawn' : 'round.manual-entry.withdrawn', reason: `round ${req.roundId} is ${round?.state.phase ?? 'gone'} after a restart`, target: req.requestId, at: this.clock.now() });
        continue;
      }
      waiting.push(req);
      await this.alerts.raise({ tableId: req.tableId, roundId: req.roundId, severity: 'warning', code: req.kind === 'void' ? 'VOID_REQUESTED' : 'MANUAL_ENTRY_PENDING', message: `After a restart, request ${req.requestId} by ${req.by} still waits for a pit boss: ${req.reason}` });
    }
    return waiting;
  }

  /** Dealer "no more bets" (GEN-3). */
  closeBetting(tableId: string, actor: Actor): Promise<Result<Committed>> {
    return this.rounds.execute(tableId, { type: 'CloseBetting', at: this.clock.now(), reason: 'dealer' }, actor);
  }

  async requestVoid(tableId: string, actor: Actor, reason: string): Promise<Result<PendingRequest>> {
    return this.request('void', tableId, actor, reason);
  }

  /** A pit boss approves a void request: the round is voided and every bet refunded (GEN-6). */
  async approveVoid(tableId: string, requestId: string, actor: Actor, reason: string): Promise<Result<Committed>> {
    const req = await this.take(tableId, requestId, 'void', actor);
    if (!req.ok) {
      await this.record(actor, 'round.void-approve', reason, requestId, req);
      return req;
    }
    const r = await this.rounds.execute(tableId, { type: 'VoidRound', at: this.clock.now(), reason: `${req.value.reason} — approved by ${actor.userId}: ${reason}`, by: actor.userId }, actor, { roundId: req.value.roundId });
    await this.record(actor, 'round.void-approve', `${reason} (request ${requestId} by ${req.value.by}: ${req.value.reason})`, req.value.roundId, r);
    if (r.ok) await this.pending.delete(requestId);
    return r;
  }

  /** A pit boss voids directly (technical error, ROU-6), audited. */
  async voidRound(tableId: string, actor: Actor, reason: string): Promise<Result<Committed>> {
    const r = await this.rounds.execute(tableId, { type: 'VoidRound', at: this.clock.now(), reason, by: actor.userId }, actor);
    await this.record(actor, 'round.void', reason, r.ok ? r.value.roundId : tableId, r);
    return r;
  }

  /**
   * The pit boss's other choice on a stalled round (issue 9 §5): resume play, re-arming the step's
   * deadline (`PlayResumed`); `ROUND_NOT_STALLED` when nothing is stalled. Audited with the reason.
   */
  async resumePlay(tableId: string, actor: Actor, reason: string): Promise<Result<Committed>> {
    const r = await this.rounds.execute(tableId, { type: 'ResumePlay', at: this.clock.now(), by: actor.userId, reason }, actor);
    await this.record(actor, 'round.resume-play', reason, r.ok ? r.value.roundId : tableId, r);
    return r;
  }

  /** The dealer enters a game command by hand (unreadable card, S-3): it waits for a pit boss. */
  async proposeManual(tableId: string, actor: Actor, command: Record<string, unknown> & { type: string }, reason: string): Promise<Result<PendingRequest>> {
    if (RESERVED.has(command.type)) return { ok: false, violation: rejection('FORBIDDEN', null, `${command.type} cannot be entered by hand.`) };
    const open = await this.refuseWhileBetting(tableId, actor, 'round.manual-entry', reason, command.type);
    if (open) return open;
    return this.request('manual', tableId, actor, reason, { ...command, at: 0 } as KernelCommand);
  }

  /**
   * Issue 9 finding 3: an outcome set by hand never lands while bets are still being taken (GEN-3: the
   * result must not be known while betting is open), whoever asks. Refusals are audited too.
   */
  private async refuseWhileBetting(tableId: string, actor: Actor, action: string, reason: string, what: string): Promise<{ ok: false; violation: ReturnType<typeof rejection> } | null> {
    const cur = await this.rounds.currentRound(tableId);
    if (cur?.state.phase !== 'betting') return null;
    const r = { ok: false as const, violation: rejection('CORRECTION_WHILE_BETTING', 'GEN-3', `${what} by hand is refused while betting is open on round ${cur.roundId}: close betting first.`) };
    await this.record(actor, action, `${reason} (${what})`, cur.roundId, r);
    return r;
  }

  /** A pit boss approves a manual entry; the kernel decides it like any device event (audited). */
  async approveManual(tableId: string, requestId: string, actor: Actor, reason: string): Promise<Result<Committed>> {
    const req = await this.take(tableId, requestId, 'manual', actor);
    if (!req.ok) {
      await this.record(actor, 'round.manual-approve', reason, requestId, req);
      return req;
    }
    const open = await this.refuseWhileBetting(tableId, actor, 'round.manual-approve', reason, req.value.command?.type ?? 'a command');
    if (open) return open;
    const cmd = { ...(req.value.command as KernelCommand), at: this.clock.now(), enteredBy: req.value.by, approvedBy: actor.userId } as KernelCommand;
    const r = await this.rounds.execute(tableId, cmd, actor, { roundId: req.value.roundId });
    await this.record(actor, 'round.manual-approve', `${reason} (${cmd.type} entered by ${req.value.by}: ${req.value.reason})`, req.value.roundId, r);
    if (r.ok) await this.pending.delete(requestId);
    return r;
  }

  /**
   * A pit boss's result correction / misdeal resolution / resume (any non-money kernel command). Issue 9
   * finding 3: nobody sets an outcome alone — the correction is stored as a request that a SECOND person
   * (another pit boss or an admin, never the requester) approves through `approveManual`; it is refused
   * while betting is open; both people and both reasons are audited.
   */
  async correct(tableId: string, actor: Actor, command: Record<string, unknown> & { type: string }, reason: string): Promise<Result<PendingRequest>> {
    if (RESERVED.has(command.type)) return { ok: false, violation: rejection('FORBIDDEN', null, `${command.type} is not a correction.`) };
    if (reason.trim() === '') return { ok: false, violation: rejection('REASON_REQUIRED', null, 'A correction needs a reason.') };
    const open = await this.refuseWhileBetting(tableId, actor, 'round.correction', reason, command.type);
    if (open) return open;
    return this.request('manual', tableId, actor, `correction: ${reason}`, { ...command, at: 0, by: actor.userId } as KernelCommand);
  }

  /** A dealer's direct game command (e.g. DeclareNoSpin, ROU-4): one the definition gives the dealer role. */
  async dealerCommand(tableId: string, actor: Actor, command: Record<string, unknown> & { type: string }): Promise<Result<Committed>> {
    if (RESERVED.has(command.type)) return { ok: false, violation: rejection('FORBIDDEN', null, `A dealer cannot issue ${command.type}.`) };
    const cur = await this.rounds.currentRound(tableId);
    if (!cur) return { ok: false, violation: rejection('NO_ROUND', 'GEN-3', 'There is no round on this table.') };
    const refused = permission(cur, command.type, 'dealer');
    if (refused) return { ok: false, violation: refused };
    return this.rounds.execute(tableId, { ...command, at: this.clock.now(), by: actor.userId } as KernelCommand, actor);
  }

  /** A player's decision (e.g. blackjack hit/stand/double/split/insurance); the player id comes from the token. */
  async playerDecision(tableId: string, actor: Actor, command: Record<string, unknown> & { type: string }): Promise<Result<Committed>> {
    const at = this.clock.now();
    if (RESERVED.has(command.type)) return { ok: false, violation: rejection('FORBIDDEN', null, `A player cannot issue ${command.type}.`) };
    const cur = await this.rounds.currentRound(tableId);
    if (!cur) return { ok: false, violation: rejection('NO_ROUND', 'GEN-3', 'There is no round on this table.') };
    const refused = permission(cur, command.type, 'player');
    if (refused) return { ok: false, violation: refused };
    return this.rounds.execute(tableId, { ...command, at, playerId: actor.userId } as KernelCommand, actor);
  }

  /** A pit boss turns a void request or a manual entry down (audited with the reason); nothing else changes. */
  async deny(tableId: string, requestId: string, actor: Actor, reason: string): Promise<Result<PendingRequest>> {
    const req = await this.pending.get(requestId);
    const r: Result<PendingRequest> = !req || req.tableId !== tableId ? { ok: false, violation: rejection('REQUEST_NOT_FOUND', null, `No pending request ${requestId} on this table.`) } : ok(req);
    await this.record(actor, req?.kind === 'manual' ? 'round.manual-deny' : 'round.void-deny', req ? `${reason} (request ${requestId} by ${req.by}: ${req.reason})` : reason, req?.roundId ?? requestId, r);
    if (r.ok) await this.pending.delete(requestId);
    return r;
  }

  listPending(tableId?: string): Promise<PendingRequest[]> {
    return this.pending.list(tableId);
  }

  private async request(kind: 'void' | 'manual', tableId: string, actor: Actor, reason: string, command?: KernelCommand): Promise<Result<PendingRequest>> {
    const cur = await this.rounds.currentRound(tableId);
    if (!cur) return { ok: false, violation: rejection('NO_ROUND', 'GEN-6', 'There is no round on this table.') };
    const at = this.clock.now();
    const req: PendingRequest = { requestId: this.ids.next(kind === 'void' ? 'vrq' : 'mrq'), kind, tableId, roundId: cur.roundId, by: actor.userId, role: actor.role, reason, at, ...(command ? { command } : {}) };
    await this.pending.save(req);
    await this.audit.record({ actor: actor.userId, role: actor.role, action: kind === 'void' ? 'round.void-request' : 'round.manual-entry', reason: command ? `${reason} (${command.type})` : reason, target: cur.roundId, at });
    await this.alerts.raise({ tableId, roundId: cur.roundId, severity: 'warning', code: kind === 'void' ? 'VOID_REQUESTED' : 'MANUAL_ENTRY_PENDING', message: `${actor.userId} ${kind === 'void' ? 'requests a void' : `entered ${command?.type ?? 'a command'} by hand`}: ${reason} (request ${req.requestId})` });
    return ok(req);
  }

  private async take(tableId: string, requestId: string, kind: 'void' | 'manual', actor: Actor): Promise<Result<PendingRequest>> {
    const req = await this.pending.get(requestId);
    if (!req || req.tableId !== tableId || req.kind !== kind) return { ok: false, violation: rejection('REQUEST_NOT_FOUND', null, `No pending ${kind} request ${requestId} on this table.`) };
    if (req.by === actor.userId) return { ok: false, violation: rejection('SELF_APPROVAL', 'GEN-6', 'Nobody approves their own request: another pit boss must sign off.') };
    return ok(req);
  }

  private async record(actor: Actor, action: string, reason: string, target: string, r: Result<unknown>): Promise<void> {
    await this.audit.record({ actor: actor.userId, role: actor.role, action: r.ok ? action : `${action}.rejected`, reason: r.ok ? reason : `${reason} — rejected: ${r.violation.code}`, target, at: this.clock.now() });
  }
}
