import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the demo studio camera's media endpoints (issue 21 §2; registered in the shared registry). */
export const CAMERA_CODES = defineErrorCodes({
  CAMERA_OFF: { status: 503, ruleId: null, meaning: 'The studio camera cannot encode here (ffmpeg is missing or FELT_CAMERA_FFMPEG=off): the player sees the rendered table. Install ffmpeg to turn video on.' },
  CAMERA_STARTING: { status: 503, ruleId: null, meaning: 'The table’s camera has just started and has no video yet: ask again in a moment (players retry by themselves).' },
  WHEP_FULL: { status: 503, ruleId: null, meaning: 'The table’s camera has as many WebRTC viewers on this instance as it serves (each costs encryption of every packet): the player takes the LL-HLS stream instead.' },
  WHEP_OFFER_REFUSED: { status: 400, ruleId: null, meaning: 'The WebRTC offer could not be answered (no H.264 the camera sends, or not a valid offer): nothing was started.' },
  WHEP_SESSION_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No such WebRTC viewer at this table (already gone, or never there).' },
  MEDIA_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No such media file of the table’s stream (a segment that has left the live window, or a name that is not one).' },
});

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof CAMERA_CODES> {}
}
