/**
 * Issue 21 §3: the live playlist as the studio serves it — ffmpeg's, with each segment's studio capture time
 * (`#EXT-X-PROGRAM-DATE-TIME`, from the camera's own frame clock, not ffmpeg's guess of the wall clock) and the
 * viewer's token on every URI (init and segments resolve relative to the playlist, which would drop it). Pure.
 */
export function signPlaylist(m3u8: string, token: string, segmentStart: (seq: number) => number): string {
  const q = `token=${encodeURIComponent(token)}`;
  const lines = m3u8.split('\n');
  const out: string[] = [];
  let seq = 0;
  for (const raw of lines) {
    const line = raw.trimEnd();
    const ms = /^#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(line);
    if (ms) seq = Number(ms[1]);
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME')) continue; // ffmpeg's own (wall clock at start): ours replaces it
    // ffmpeg rounds 0.4 s down to 0; RFC 8216 §4.3.3.1 wants the longest segment rounded to the nearest integer, and 0 is not one a player can use
    if (line.startsWith('#EXT-X-TARGETDURATION:')) {
      out.push(`#EXT-X-TARGETDURATION:${Math.max(1, Number(line.slice('#EXT-X-TARGETDURATION:'.length)) || 0)}`);
      continue;
    }
    if (line.startsWith('#EXT-X-MAP:')) {
      out.push(line.replace(/URI="([^"]+)"/, (_m, uri: string) => `URI="${uri}?${q}"`));
      continue;
    }
    if (line.startsWith('#EXTINF:')) {
      out.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segmentStart(seq)).toISOString()}`);
      out.push(line);
      continue;
    }
    if (line !== '' && !line.startsWith('#')) {
      out.push(`${line}?${q}`);
      seq++;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** The sequence number of a segment file name (`seg_12.m4s` → 12), null for anything else. */
export function segmentSeq(name: string): number | null {
  const m = /^seg_(\d{1,9})\.m4s$/.exec(name);
  return m ? Number(m[1]) : null;
}
