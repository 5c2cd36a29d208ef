import { CAMERA_STAMP, readCameraStamp } from '@felt-studio/protocol';

/**
 * Issue 21 §2: the table's video over WebRTC (WHEP) — sub-second, for the viewers a studio lets take it (the rest
 * take LL-HLS through the CDN): the player's table and the dealer's confidence monitor. A subpath of its own
 * (`@felt-studio/ui/whep`), imported lazily: loaded only when a table has a WHEP source.
 *
 * WHEP: the receive-only offer, with every candidate in it (no trickle), is POSTed to the source's URL (the token is
 * on it); the 201 answer is the server's SDP and its `Location` is the session, DELETEd on leaving.
 */
export interface WhepPlayback {
  /** Leaves: the session is deleted at the server, the connection closed. */
  close(): void;
}

/** Waits until the offer holds every local candidate (or `ms`: what has been gathered by then goes). */
function gathered(pc: RTCPeerConnection, ms: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      pc.removeEventListener('icegatheringstatechange', check);
      clearTimeout(t);
      resolve();
    };
    const check = (): void => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const t = setTimeout(done, ms);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

export async function playWhep(video: HTMLVideoElement, url: string, onFailed: (why: string) => void): Promise<WhepPlayback> {
  const pc = new RTCPeerConnection();
  let location: string | null = null;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    pc.close();
    if (location !== null) void fetch(new URL(location, url), { method: 'DELETE', keepalive: true }).catch(() => undefined);
  };
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addEventListener('track', (e) => {
    video.srcObject = e.streams[0] ?? new MediaStream([e.track]);
    void video.play().catch(() => undefined);
  });
  pc.addEventListener('connectionstatechange', () => {
    if (!closed && (pc.connectionState === 'failed' || pc.connectionState === 'closed')) onFailed(`connection ${pc.connectionState}`);
  });
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, 1_000);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription?.sdp ?? '' });
    if (res.status !== 201) {
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      throw new Error(body.code ?? `HTTP ${res.status}`);
    }
    location = res.headers.get('location');
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  } catch (e) {
    close();
    throw e;
  }
  return { close };
}

/**
 * The studio time of the frame on screen, read from the frame's pixel stamp (CAMERA_STAMP: the demo camera and any
 * encoder that stamps the same way). WebRTC carries no program date-time; the stamp is the clock. Null when the
 * frame carries no plausible stamp (an encoder that does not stamp): then the video has no clock and nothing waits.
 */
export function stampReader(): (video: HTMLVideoElement) => number | null {
  const width = 640;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (ctx === null || video.videoWidth === 0) return null;
    // the stamp's middle row, scaled from the camera's 640×360 to whatever size arrives
    const y = video.videoHeight - (Math.ceil(CAMERA_STAMP.height / 2) * video.videoHeight) / 360;
    ctx.drawImage(video, 0, Math.floor(y), video.videoWidth, 1, 0, 0, width, 1);
    const at = readCameraStamp(ctx.getImageData(0, 0, width, 1).data, width);
    return Math.abs(at - Date.now()) < 120_000 ? at : null;
  };
}
