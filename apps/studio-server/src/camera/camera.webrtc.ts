import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import type { FrameSink, RtpEncoderFactory } from './camera.encoder.js';

/**
 * Issue 21 §2: the demo studio camera's WebRTC path (WHEP, sub-second). One H.264 encoder per watched table
 * sends RTP to a UDP socket on the loopback; every packet is forwarded to each viewer's peer connection
 * (werift: ICE, DTLS-SRTP, RTP in TypeScript — nothing of WebRTC is written here). The encoder runs while at
 * least one peer is connected. Every frame still carries its studio time as the pixel stamp (CAMERA_STAMP), which
 * the player reads back from the video on screen: that is the WebRTC path's video clock.
 */

/** The codec offered to viewers: H.264 constrained baseline, as ffmpegRtpArgs encodes it (every browser decodes it). */
export const H264 = (): RTCRtpCodecParameters =>
  new RTCRtpCodecParameters({
    mimeType: 'video/H264',
    clockRate: 90_000,
    rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
    parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1',
  });

export const WEBRTC_LIMITS = {
  /** Peers per table per instance: each costs SRTP encryption of every packet; beyond, viewers take LL-HLS (a CDN's job). */
  maxPeersPerTable: 50,
  /** A peer that has not connected this long after its answer is dropped (a viewer who left before ICE finished). */
  connectTimeoutMs: 15_000,
} as const;

export class WebRtcOut {
  private readonly track = new MediaStreamTrack({ kind: 'video' });
  private readonly peers = new Map<string, RTCPeerConnection>();
  private socket: Socket | null = null;
  private encoder: FrameSink | null = null;
  packets = 0;

  constructor(
    private readonly encoderFactory: RtpEncoderFactory,
    private readonly log: (line: string) => void,
  ) {}

  get peerCount(): number {
    return this.peers.size;
  }

  /** The encoder's input while any peer is there (the camera writes each frame to it), else null. */
  get sink(): FrameSink | null {
    return this.encoder;
  }

  /** Answers a viewer's offer: a new peer connection sending the table's video; its id is the WHEP session. */
  async answer(offerSdp: string): Promise<{ readonly session: string; readonly sdp: string }> {
    const pc = new RTCPeerConnection({ codecs: { video: [H264()] } });
    const session = randomUUID();
    this.peers.set(session, pc); // before the encoder starts: a last peer leaving meanwhile does not stop it under this one
    await this.ensureEncoder();
    pc.addTransceiver(this.track, { direction: 'sendonly' });
    const drop = setTimeout(() => {
      if (pc.connectionState !== 'connected') void this.close(session);
    }, WEBRTC_LIMITS.connectTimeoutMs);
    drop.unref();
    pc.connectionStateChange.subscribe((s) => {
      if (s === 'failed' || s === 'closed' || s === 'disconnected') void this.close(session);
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      await pc.setLocalDescription(await pc.createAnswer());
    } catch (e) {
      await this.close(session);
      throw e;
    }
    const sdp = pc.localDescription?.sdp;
    if (sdp === undefined) {
      await this.close(session);
      throw new Error('no local description');
    }
    return { session, sdp };
  }

  has(session: string): boolean {
    return this.peers.has(session);
  }

  /** A viewer leaves (WHEP DELETE, or its connection failed); the encoder stops with the last one. */
  async close(session: string): Promise<void> {
    const pc = this.peers.get(session);
    if (!pc) return;
    this.peers.delete(session);
    await pc.close().catch(() => undefined);
    if (this.peers.size === 0) await this.stopEncoder();
  }

  async stop(): Promise<void> {
    for (const id of [...this.peers.keys()]) await this.close(id);
    await this.stopEncoder();
  }

  private async ensureEncoder(): Promise<void> {
    if (this.encoder) return;
    if (!this.socket) {
      const socket = createSocket('udp4');
      socket.on('message', (m: Buffer) => {
        this.packets++;
        this.track.writeRtp(m);
      });
      socket.on('error', (e) => this.log(`camera RTP socket: ${e.message}`));
      await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
      this.socket = socket;
    }
    this.encoder = this.encoderFactory(this.socket.address().port);
    const enc = this.encoder;
    void enc.exited.then((code) => {
      if (this.encoder !== enc) return;
      this.log(`camera RTP encoder exited (${code}); the next viewer restarts it`);
      this.encoder = null;
    });
  }

  private async stopEncoder(): Promise<void> {
    const enc = this.encoder;
    this.encoder = null;
    if (enc) await enc.stop();
    this.socket?.close();
    this.socket = null;
  }
}
