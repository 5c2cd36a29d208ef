/** The stream shapes live in libs/protocol (issue 19 §5: one definition; the SDK reads them too). */
export { MediaAuthQuery, MediaFileQuery, PlayerStreamSchema, StreamSourceSchema, TableStreamsBody, TableStreamsSchema, WhepQuery, type PlayerStream, type StreamSource, type TableStreams } from '@felt-studio/protocol';
