// hls.js ships its light build (no subtitles, EME or alternate audio: not needed for a table's live
// video) without its own typings; its API is the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
