import { excerpt } from '../common/result.js';
import type { DeviceEventBody, DeviceFaultCode, PayloadOf } from '../mqtt/events.schema.js';
import type { FramerOutput } from './line-framer.js';
import type { InvalidFrame } from './shoe.codec.js';

/** Running count per device.fault code (reported in every device.fault so a reader sees the rate). */
export type FaultCounts = Readonly<Partial<Record<DeviceFaultCode, number>>>;

export type OverlongLine = Extract<FramerOutput, { type: 'overlong' }>;

type Extra = Omit<PayloadOf<'device.fault'>, 'code' | 'count' | 'text'>;

/** Count one device fault and build its event. */
export function deviceFault(counts: FaultCounts, code: DeviceFaultCode, text: string, extra: Extra = {}): { counts: FaultCounts; event: DeviceEventBody } {
  const count = (counts[code] ?? 0) + 1;
  return { counts: { ...counts, [code]: count }, event: { type: 'device.fault', payload: { code, count, text, ...extra } } };
}

/** device.fault for a `$…*hh` line that was not accepted (never silently dropped). */
export function invalidLineFault(counts: FaultCounts, device: string, fr: InvalidFrame): { counts: FaultCounts; event: DeviceEventBody } {
  const code: DeviceFaultCode = fr.error === 'checksum' ? 'checksum' : fr.error === 'unknown_frame' ? 'unknown_frame' : 'unparsable';
  return deviceFault(counts, code, `${device}: ${fr.reason}`, { raw: excerpt(fr.raw) });
}

export function overlongFault(counts: FaultCounts, device: string, o: OverlongLine): { counts: FaultCounts; event: DeviceEventBody } {
  return deviceFault(counts, 'overlong_line', `${device}: line longer than ${o.limit} bytes discarded`, { raw: excerpt(o.head) });
}
