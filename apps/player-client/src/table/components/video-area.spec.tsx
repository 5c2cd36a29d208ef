// @vitest-environment happy-dom
import { renderWithFelt } from '@felt/ui/test-utils';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { playerEn } from '../../i18n/player.en';
import { playerSv } from '../../i18n/player.sv';
import { VideoArea } from './VideoArea';

const catalogues = { player: { en: playerEn, sv: playerSv } };
const user = { userId: 'player1', role: 'player' as const, name: 'Player One' };

/** Issue 21 §1: the video comes from the studio's signed URLs only. */
describe('the table video', () => {
  afterEach(() => {
    cleanup();
    globalThis.history.replaceState(null, '', '/');
  });

  it("plays the studio's signed LL-HLS URL for this table", async () => {
    const url = 'https://cdn.example/live/tbl_v/index.m3u8?token=v1.tbl_v.cGxheWVyMQ.1900000000.' + 'a'.repeat(64);
    renderWithFelt(
      <VideoArea tableId="tbl_v" tableName="Roulette 1">
        <p>rendered table</p>
      </VideoArea>,
      { catalogues, user, routes: { '/tables/tbl_v/stream': { tableId: 'tbl_v', expiresAt: Date.now() + 600_000, sources: [{ kind: 'll-hls', url, label: '360p' }] } } },
    );
    const video = await waitFor(() => {
      const v = document.querySelector('video');
      if (v === null) throw new Error('no video yet');
      return v;
    });
    expect(video.getAttribute('aria-label')).toContain('Roulette 1');
    expect(screen.getByText('rendered table')).toBeTruthy(); // the rendered table stays under the video
  });

  it('the address bar cannot set a stream: ?stream= is ignored and a table without video shows the rendered table', async () => {
    globalThis.history.replaceState(null, '', '/play/table/tbl_n?stream=https://evil.example/fake.m3u8');
    renderWithFelt(
      <VideoArea tableId="tbl_n" tableName="Baccarat 1">
        <p>rendered table</p>
      </VideoArea>,
      { catalogues, user, routes: {} },
    );
    await screen.findByText('rendered table');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('video')).toBeNull();
  });
});
