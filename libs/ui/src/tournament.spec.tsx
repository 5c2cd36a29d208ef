// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeRealtime, renderWithFelt } from '../testing/test-utils.js';
import { TOURNAMENT_FALLBACK_POLL_MS, useTournamentChanges } from './tournament.js';

afterEach(cleanup);

let reads = 0;
function Probe({ tournamentId }: { readonly tournamentId: string }) {
  const q = useQuery({ queryKey: ['probe', tournamentId], queryFn: async () => ++reads, refetchInterval: TOURNAMENT_FALLBACK_POLL_MS });
  useTournamentChanges(tournamentId, [['probe', tournamentId]]);
  return <p data-testid="reads">{q.data ?? 0}</p>;
}

/** Issue 24: a tournament screen reads its tournament again on the server's notice (no polling every second). */
describe('useTournamentChanges', () => {
  it("reads again on a notice for its tournament and on a reconnect, not on another tournament's notice", async () => {
    reads = 0;
    const rt = new FakeRealtime();
    renderWithFelt(<Probe tournamentId="trn_1" />, { realtime: rt, user: { userId: 'p1', username: 'p1', displayName: 'P 1', role: 'player' } });
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('1'));
    act(() => rt.frame('tournament.changed', { tournamentId: 'trn_2', seq: 4 }));
    act(() => rt.frame('tournament.changed', { tournamentId: 'trn_1', seq: 5 }));
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('2'));
    act(() => rt.frame('connected', { reconnect: true }));
    await waitFor(() => expect(screen.getByTestId('reads').textContent).toBe('3'));
    expect(reads, "another tournament's notice read nothing").toBe(3);
  });
});
