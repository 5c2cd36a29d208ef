// @vitest-environment happy-dom
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  const source = (tableId: string) => ({ [`/tables/${tableId}/stream`]: { tableId, expiresAt: Date.now() + 600_000, sources: [{ kind: 'll-hls', url: `https://cdn.example/live/${tableId}/index.m3u8?token=v1.${tableId}.cGxheWVyMQ.1900000000.${'b'.repeat(64)}`, label: '360p' }] } });

  it('issue 21 §4: the video starts muted, a button unmutes it; the badge says it is starting', async () => {
    // a browser that plays HLS itself (Safari)
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((t: string) => (t.includes('mpegurl') ? 'maybe' : ''));
    renderWithFelt(
      <VideoArea tableId="tbl_m" tableName="Roulette 1">
        <p>rendered table</p>
      </VideoArea>,
      { catalogues, user, routes: source('tbl_m') },
    );
    const unmute = await screen.findByRole('button', { name: 'Unmute' });
    expect(unmute.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Video starting…');
    fireEvent.click(unmute);
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    expect((document.querySelector('video') as HTMLVideoElement).muted).toBe(false);
    canPlay.mockRestore();
  });

  it('issue 21 §4: a video that cannot play leaves the rendered table alone, with a word why', async () => {
    renderWithFelt(
      <VideoArea tableId="tbl_f" tableName="Roulette 1">
        <p>rendered table</p>
      </VideoArea>,
      { catalogues, user, routes: source('tbl_f') },
    );
    // happy-dom has no Media Source Extensions: hls.js cannot play it, as on a browser without them
    expect(await screen.findByText('Video unavailable: showing the table', {}, { timeout: 5_000 })).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByText('rendered table')).toBeTruthy();
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

/** Issue 21 §2: WebRTC first where the table offers it; a refused offer falls back to LL-HLS for the rest of the visit. */
describe('the table video over WebRTC', () => {
  class FakePeer extends EventTarget {
    iceGatheringState = 'complete';
    connectionState = 'new';
    localDescription: { sdp: string } | null = null;
    addTransceiver(): void {}
    async createOffer(): Promise<{ type: string; sdp: string }> {
      return { type: 'offer', sdp: 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n' };
    }
    async setLocalDescription(d: { sdp: string }): Promise<void> {
      this.localDescription = d;
    }
    async setRemoteDescription(): Promise<void> {}
    close(): void {}
  }
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  const sources = (tableId: string) => ({
    [`/tables/${tableId}/stream`]: {
      tableId,
      expiresAt: Date.now() + 600_000,
      sources: [
        { kind: 'whep', url: `https://studio.example/media/${tableId}/whep?token=t`, label: '360p WebRTC' },
        { kind: 'll-hls', url: `https://studio.example/media/${tableId}/index.m3u8?token=t`, label: '360p' },
      ],
    },
  });

  it('takes WebRTC when offered, and LL-HLS when the offer is refused (WHEP_FULL)', async () => {
    vi.stubGlobal('RTCPeerConnection', FakePeer);
    const posted: string[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/whep')) {
        posted.push(`${init?.method ?? 'GET'} ${url}`);
        return Promise.resolve(new Response(JSON.stringify({ code: 'WHEP_FULL' }), { status: 503, headers: { 'content-type': 'application/json' } }));
      }
      return realFetch(input, init);
    });
    renderWithFelt(
      <VideoArea tableId="tbl_w" tableName="Roulette 1">
        <p>rendered table</p>
      </VideoArea>,
      { catalogues, user, routes: sources('tbl_w') },
    );
    await waitFor(() => expect(posted).toEqual(['POST https://studio.example/media/tbl_w/whep?token=t']));
    // refused: the same table's LL-HLS, not a second WebRTC offer
    const hls = await waitFor(
      () => {
        const v = document.querySelector('video[data-transport="ll-hls"]');
        if (v === null) throw new Error(`no LL-HLS video yet: ${document.querySelector('video')?.getAttribute('data-transport') ?? 'none'}`);
        return v;
      },
      { timeout: 5_000 },
    );
    expect(hls).toBeTruthy();
    expect(posted).toHaveLength(1);
  });
});
