import type { DeviceStatus } from '@felt/protocol';

/** `GET /tables/:id/devices`: a device's last status, seq and event time as the server saw them. */
export interface DeviceHealth {
  readonly tableId: string;
  readonly deviceId: string;
  /** Last retained status (`online` / `offline` / `fault`); null before the first one arrived. */
  readonly status: DeviceStatus | null;
  readonly lastSeq: number | null;
  /** Server clock (epoch ms) of the device's last canonical event; null before the first one. */
  readonly lastEventAt: number | null;
}
