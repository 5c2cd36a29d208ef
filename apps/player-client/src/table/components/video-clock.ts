/**
 * Issue 21 §3: the studio time of the video frame on screen. Each HLS segment carries its studio capture time
 * (EXT-X-PROGRAM-DATE-TIME) and the camera captures on a fixed grid (a frame every 1000/fps ms of the studio
 * clock, apps/studio-server/src/camera); the player's clock inside a segment (hls.js `playingDate`) lies between
 * two frames, and the frame on screen is the one at or before it. Pure.
 */
export function frameOnScreen(playingDateMs: number, fps: number): number {
  const frameMs = 1000 / fps;
  return Math.round(Math.floor(playingDateMs / frameMs + 1e-6) * frameMs);
}

/**
 * The studio time of the frame the browser presented, from its media time (requestVideoFrameCallback's
 * `mediaTime`: the frame's own timestamp, not a position between two frames): the nearest frame of the grid. Its
 * arithmetic (the segment's date-time plus the media time's offset in the segment) lands a millisecond or two
 * either side of the frame's capture time, and flooring it named the frame before — a result shown one frame
 * (67 ms at 15 fps) late. Pure.
 */
export function presentedFrame(mediaDateMs: number, fps: number): number {
  const frameMs = 1000 / fps;
  return Math.round(Math.round(mediaDateMs / frameMs) * frameMs);
}
