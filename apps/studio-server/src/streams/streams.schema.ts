/** The stream shapes live in libs/protocol (issue 19 §5: one definition; the SDK reads them too). */
export { MediaAuthQuery, PlayerStreamSchema, StreamSourceSchema, TableStreamsBody, TableStreamsSchema, type PlayerStream, type StreamSource, type TableStreams } from '@felt/protocol';
