import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@felt/ui';

/**
 * The table's video when the studio has one for it (issue 21 §1): `GET /tables/:id/stream` answers the sources
 * with URLs signed for this player and table (never from the address bar or a static file), asked again
 * before the token expires. Played natively (Safari) or through hls.js (its own chunk). Otherwise — no
 * video, or it fails — the live rendered table (children).
 */
function useStreamUrl(tableId: string): string | null {
  const { api } = useSession();
  const q = useQuery({
    queryKey: ['stream', tableId],
    queryFn: () => api.tableStream(tableId),
    retry: false,
    staleTime: 60_000,
    // fresh URLs a minute before the token ends
    refetchInterval: (query) => {
      const exp = query.state.data?.expiresAt;
      return exp === undefined ? false : Math.max(30_000, exp - Date.now() - 60_000);
    },
  });
  return q.data?.sources.find((s) => s.kind === 'll-hls')?.url ?? null;
}

function HlsVideo({ url, label }: { readonly url: string; readonly label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
      return;
    }
    let destroy = (): void => undefined;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (!Hls.isSupported()) return setFailed(true);
      const hls = new Hls({ lowLatencyMode: true });
      hls.loadSource(url);
      hls.attachMedia(video);
      hls.on(Hls.Events.ERROR, (_e, d) => {
        if (d.fatal) setFailed(true);
      });
      destroy = () => hls.destroy();
    });
    return () => destroy();
  }, [url]);
  if (failed) return null;
  return <video ref={ref} className="video" autoPlay muted playsInline aria-label={label} />;
}

export function VideoArea({ tableId, tableName, children }: { readonly tableId: string; readonly tableName: string; readonly children: ReactNode }) {
  const { t } = useTranslation('player');
  const url = useStreamUrl(tableId);
  return (
    <section className="video-area felt-felt" aria-label={t('video.label', { name: tableName })}>
      {url ? <HlsVideo url={url} label={t('video.stream', { name: tableName })} /> : null}
      <div className={url ? 'live-view is-overlay' : 'live-view'}>{children}</div>
    </section>
  );
}
