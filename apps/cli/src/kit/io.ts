/** The process surface the CLI needs, injected so tests run it in-process. */
export interface CliIo {
  /** The round JSON for `felt settle`: a string/bytes (tests) or a stream such as `process.stdin`. */
  readonly stdin: string | Uint8Array | (AsyncIterable<string | Uint8Array> & { readonly isTTY?: boolean });
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
}

/** Exit codes: 0 success, 1 unexpected internal failure, 2 usage or input error. */
export const EXIT = { ok: 0, internal: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Reads all of stdin as UTF-8. Returns null when stdin is an interactive terminal (nothing piped). */
export async function readAll(stdin: CliIo['stdin']): Promise<string | null> {
  if (typeof stdin === 'string') return stdin;
  if (stdin instanceof Uint8Array) return new TextDecoder().decode(stdin);
  if (stdin.isTTY === true) return null;
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stdin) out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

export const line = (w: CliIo['stdout'], s = ''): void => {
  w.write(`${s}\n`);
};
