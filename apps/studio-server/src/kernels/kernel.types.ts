/** A round kernel seen generically by the server: it only routes commands and events, never interprets them. */
export interface KernelCommand {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: unknown;
}
export interface KernelEvent {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: unknown;
}
