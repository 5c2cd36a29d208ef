/** Pit-boss read side (`GET /rounds/day`, `/rounds/search`, `/rounds/:id/detail`): defined once in @felt-studio/protocol. */
export type { RoundMoney, RoundListItem, DayBucket, TableDay, BetStatus, BetRecord, RoundDetail, RoundSearchQuery } from '@felt-studio/protocol';
