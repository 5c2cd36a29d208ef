/** Pit-boss read side (`GET /rounds/day`, `/rounds/search`, `/rounds/:id/detail`): defined once in @felt/protocol. */
export type { RoundMoney, RoundListItem, DayBucket, TableDay, BetStatus, BetRecord, RoundDetail, RoundSearchQuery } from '@felt/protocol';
