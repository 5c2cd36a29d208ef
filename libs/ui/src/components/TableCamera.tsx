import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session.js';

/**
 * Issue 21 §4: what a table's camera sees, for staff.
 *
 * - `TableStill`: the pit boss's floor — a still of every table (`GET /tables/{id}/thumbnail`, the studio's camera
 *   drawn from the public view), refreshed every few seconds while the tile is on screen and the page is visible.
 * - `TableMonitor`: the dealer's confidence monitor — the table's stream as the players get it, over WebRTC (the
 *   signed WHEP source of `GET /tables/{id}/stream`), muted; the still, refreshed each second, while there is none.
 *
 * Both keep a 16:9 box whatever arrives (no layout shift).
 */

/** The still's bytes as an object URL, refreshed every `everyMs` while `active`; null until the first arrives. */
function useStill(tableId: string, everyMs: number, active: boolean): string | null {
  const { api } = useSession();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let disposed = false;
    let current: string | null = null;
    const load = async (): Promise<void> => {
      if (document.visibilityState === 'hidden' || api.token === null) return;
      try {
        const res = await fetch(`${api.baseUrl}/tables/${encodeURIComponent(tableId)}/thumbnail`, { headers: { authorization: `Bearer ${api.token}` } });
        if (!res.ok || disposed) return;
        const next = URL.createObjectURL(await res.blob());
        if (disposed) return URL.revokeObjectURL(next);
        if (current !== null) URL.revokeObjectURL(current);
        current = next;
        setUrl(next);
      } catch {
        // a missed still: the last one stays, the next try comes
      }
    };
    void load();
    const timer = setInterval(() => void load(), everyMs);
    return () => {
      disposed = true;
      clearInterval(timer);
      if (current !== null) URL.revokeObjectURL(current);
    };
  }, [api, tableId, everyMs, active]);
  return url;
}

/** Whether the element is on screen (IntersectionObserver; true where there is none). */
function useOnScreen(ref: React.RefObject<Element | null>): boolean {
  const [on, setOn] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setOn(entries.some((e) => e.isIntersecting)));
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return on;
}

export function TableStill({ tableId, name, everyMs = 3_000 }: { readonly tableId: string; readonly name: string; readonly everyMs?: number }) {
  const { t } = useTranslation('common');
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const url = useStill(tableId, everyMs, onScreen);
  return (
    <div ref={box} className="felt-camera-box">
      {url !== null ? <img src={url} alt={t('camera.still', { name })} /> : <span className="felt-muted">{t('camera.noPicture')}</span>}
    </div>
  );
}

export function TableMonitor({ tableId, name }: { readonly tableId: string; readonly name: string }) {
  const { t } = useTranslation('common');
  const { api } = useSession();
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState<'connecting' | 'live' | 'off'>('connecting');
  const still = useStill(tableId, 1_000, live !== 'live');
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let disposed = false;
    let session: { close(): void } | null = null;
    const off = (): void => {
      if (!disposed) setLive('off');
    };
    void (async () => {
      try {
        const stream = typeof RTCPeerConnection === 'function' ? await api.tableStream(tableId) : null;
        const whep = stream?.sources.find((s) => s.kind === 'whep');
        if (!whep || disposed) return off();
        const { playWhep } = await import('../whep.js');
        el.addEventListener('playing', () => !disposed && setLive('live'), { once: true });
        const s = await playWhep(el, whep.url, off);
        if (disposed) s.close();
        else session = s;
      } catch {
        off();
      }
    })();
    return () => {
      disposed = true;
      session?.close();
    };
  }, [api, tableId]);
  return (
    <figure className="felt-camera-monitor" aria-label={t('camera.monitor', { name })}>
      <div className="felt-camera-box">
        <video ref={video} muted autoPlay playsInline aria-label={t('camera.monitorVideo', { name })} hidden={live !== 'live'} />
        {live !== 'live' && still !== null ? <img src={still} alt={t('camera.still', { name })} /> : null}
      </div>
      <figcaption className="felt-muted">{live === 'live' ? t('camera.live') : live === 'connecting' ? t('camera.connecting') : t('camera.stillOnly')}</figcaption>
    </figure>
  );
}
