import type { Table } from '@felt/client-sdk';

/** A table as `GET /tables/:id` answers it, for component tests: an open, auto-cadence table; override what the test is about. */
export function tableFixture(over: Partial<Table> & Pick<Table, 'tableId' | 'name' | 'game'>): Table {
  return {
    profileId: 'standard',
    currency: 'EUR',
    limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 },
    betWindowS: 12,
    cadence: { auto: true, pauseS: 4 },
    devices: [],
    status: 'open',
    preOpenCheck: null,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  };
}
