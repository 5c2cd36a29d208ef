import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The table's video when a stream is configured — `streams.json` next to the build
 * (`{"<tableId>": "https://…/index.m3u8"}`) or `?stream=<url>` — played natively (Safari) or
 * through hls.js, loaded only then (its own chunk). Otherwise the live rendered table (children).
 */
function useStreamUrl(tableId: string): string | null {
  const fromQuery = new URLSearchParams(globalThis.location?.search ?? '').get('stream');
  const q = useQuery({
    queryKey: ['streams'],
    queryFn: async (): Promise<Record<string, string>> => {
      const r = await fetch(`${import.meta.env.BASE_URL}streams.json`);
      if (!r.ok) return {};
      try {
        return (await r.json()) as Record<string, string>;
      } catch (_e) {
        return {}; // not JSON: no streams configured
      }
    },
    staleTime: Infinity,
    enabled: fromQuery === null,
  });
  return fromQuery ?? q.data?.[tableId] ?? null;
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
