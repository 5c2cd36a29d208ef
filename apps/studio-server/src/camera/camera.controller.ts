import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { MediaFileRequest, ThumbnailRequest, WhepOfferRequest, WhepSessionRequest } from '@felt-studio/protocol';
import { codedError } from '../shared/error-codes.js';
import { body } from '../shared/http-errors.js';
import { StreamsService } from '../streams/streams.service.js';
import { CameraService } from './camera.service.js';

/** The bit of Express's response a media file uses (`@Res()`). */
interface MediaResponse {
  setHeader(k: string, v: string): void;
  status(code: number): MediaResponse;
  send(body: unknown): void;
}

/** The bit of Express's request a WHEP offer uses: its body is SDP (no body parser reads `application/sdp`). */
type SdpRequest = AsyncIterable<Buffer | string> & { readonly headers: Record<string, string | string[] | undefined> };

/** An SDP offer is a few KB; more is refused before it is read whole. */
const MAX_SDP_BYTES = 20_000;

async function sdpOf(req: SdpRequest): Promise<string> {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('application/sdp')) throw codedError('INVALID_INPUT', 'a WHEP offer is sent as content-type application/sdp', { issues: [{ path: ['content-type'], message: 'expected application/sdp' }] });
  let text = '';
  for await (const chunk of req) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.length > MAX_SDP_BYTES) throw codedError('PAYLOAD_TOO_LARGE', `an SDP offer is at most ${MAX_SDP_BYTES} bytes`, { max: MAX_SDP_BYTES });
  }
  return text;
}

/**
 * Issue 21 §2: the demo studio camera's LL-HLS, served by the studio behind the stream token (the same check
 * as `/media-auth`: a missing, malformed, expired, forged or another table's token is refused). Any media
 * request counts as a viewer watching; the first one starts the table's camera.
 */
@ApiTags('streams')
@Controller()
export class CameraController {
  constructor(
    private readonly camera: CameraService,
    private readonly streams: StreamsService,
  ) {}

  @Get('media/:tableId/:file')
  async master(@Param('tableId') tableId: string, @Param('file') file: string, @Query() q: unknown, @Res() res: MediaResponse): Promise<void> {
    await this.serve({ tableId, file, ...(q as object) }, res);
  }

  @Get('media/:tableId/:rendition/:file')
  async media(@Param('tableId') tableId: string, @Param('rendition') rendition: string, @Param('file') file: string, @Query() q: unknown, @Res() res: MediaResponse): Promise<void> {
    await this.serve({ tableId, rendition, file, ...(q as object) }, res);
  }

  private async serve(input: Record<string, unknown>, res: MediaResponse): Promise<void> {
    const r = body(MediaFileRequest, input);
    const c = this.streams.check(r.tableId, r.token);
    if (!c.ok) throw codedError('STREAM_TOKEN_REFUSED', `stream token refused: ${c.reason}`, { reason: c.reason });
    // the token is the credential (it is in every URI): any page may play it, as from a CDN
    res.setHeader('access-control-allow-origin', '*');
    if (r.file.endsWith('.m3u8')) {
      const text = r.rendition === undefined ? await this.camera.masterPlaylist(r.tableId, r.token ?? '') : await this.camera.playlist(r.tableId, r.rendition, r.token ?? '');
      res.setHeader('content-type', 'application/vnd.apple.mpegurl');
      res.setHeader('cache-control', 'no-cache');
      res.send(text);
      return;
    }
    const bytes = await this.camera.file(r.tableId, `${r.rendition ?? ''}/${r.file}`);
    res.setHeader('content-type', 'video/mp4');
    // a segment never changes once written: a CDN may keep it (the token is in the URL, so per viewer here)
    res.setHeader('cache-control', 'private, max-age=60');
    res.send(bytes);
  }

  /**
   * WHEP (issue 21 §2): the viewer's SDP offer in, the answer out (201, `application/sdp`, every candidate in it),
   * with the session's `Location` to DELETE on leaving. The same stream token as the LL-HLS files.
   */
  @Post('media/:tableId/whep')
  async whep(@Param('tableId') tableId: string, @Query() q: unknown, @Req() req: SdpRequest, @Res() res: MediaResponse): Promise<void> {
    const token = (q as { token?: unknown }).token;
    // the token first: an unauthorised offer is refused before its body is read
    const c = this.streams.check(tableId, typeof token === 'string' ? token : null);
    if (!c.ok) throw codedError('STREAM_TOKEN_REFUSED', `stream token refused: ${c.reason}`, { reason: c.reason });
    const r = body(WhepOfferRequest, { tableId, ...(q as object), sdp: await sdpOf(req) });
    const a = await this.camera.whepOffer(r.tableId, r.sdp);
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', 'Location');
    res.setHeader('content-type', 'application/sdp');
    res.setHeader('location', `/media/${encodeURIComponent(r.tableId)}/whep/${a.session}?token=${encodeURIComponent(r.token ?? '')}`);
    res.status(201).send(a.sdp);
  }

  /** The WebRTC viewer leaves (WHEP's DELETE of its session). */
  @Delete('media/:tableId/whep/:session')
  @HttpCode(204)
  async whepLeave(@Param('tableId') tableId: string, @Param('session') session: string, @Query() q: unknown): Promise<void> {
    const r = body(WhepSessionRequest, { tableId, session, ...(q as object) });
    const c = this.streams.check(r.tableId, r.token);
    if (!c.ok) throw codedError('STREAM_TOKEN_REFUSED', `stream token refused: ${c.reason}`, { reason: c.reason });
    await this.camera.whepClose(r.tableId, r.session);
  }

  /** Issue 21 §4: a still of the table as its camera sees it now (JPEG), for the pit's floor and the dealer's tablet. */
  @Get('tables/:tableId/thumbnail')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('dealer', 'pitboss', 'admin')
  async thumbnail(@Param('tableId') tableId: string, @Res() res: MediaResponse): Promise<void> {
    const jpeg = await this.camera.thumbnail(body(ThumbnailRequest, { tableId }).tableId);
    res.setHeader('content-type', 'image/jpeg');
    res.setHeader('cache-control', 'private, max-age=2');
    res.send(jpeg);
  }
}
