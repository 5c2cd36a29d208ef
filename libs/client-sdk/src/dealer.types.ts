import type { DeviceStatusFrame } from './realtime.client.js';

/** `GET /tables/:id/devices`: a device's last status, seq and event time as the server saw them — the same shape as a `device.status` frame. */
export type DeviceHealth = DeviceStatusFrame;
