/**
 * Response shapes of the studio server's REST API: defined ONCE in @felt-studio/protocol (api/responses.ts)
 * and re-exported here under the names the SDK always had, plus `ViewOf<'baccarat'>` … per game.
 */
export { ROLES, ALERT_SEVERITIES } from '@felt-studio/protocol';
export type { GameKernels, ViewOf, Role, AuthUser, LoginResult, SpotLimit, PreOpenCheck, Table, NextAction, RoundView, RoundSummary, CommandResult, AcceptedBet, BetResult, LayoutResult, LayoutChipResult, TableUpdateFrame, PendingRequest, Balance, DepositResult, AlertSeverity, Alert, AlertAck, TablePresence, DealerAtTable, AuditRecord, StoredRoundEvent, HealthReport, PublicUser, ServerTime, TableResult, PlayerBetRecord, PlayerRound } from '@felt-studio/protocol';
export type { BetPatterns, PatternGroup, LateBettor, LateBettorList, LateBettorRead, PlayerFlag, PlayerFlagList, PlayerIntegrity, PlayerIntegrityList, PlayerIntegrityRead, PokerCrossTableFinding, PokerTableIntegrity, PokerTableIntegrityList, ShoeIntegrity, ShoeIntegrityList, WheelIntegrity, WheelIntegrityList } from '@felt-studio/protocol';
