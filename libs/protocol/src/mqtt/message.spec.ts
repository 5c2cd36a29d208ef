import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, FUZZ_RUNS } from '../../test/fuzz.js';
import { DEVICE_EVENT_TYPES, deviceEventSchema, toDeviceEvent, type DeviceEvent } from './events.schema.js';
import { eventMessage, parseDeviceMessage } from './message.js';
import { acksTopic, commandsTopic, deviceTopicFilter, eventsTopic, parseDeviceTopic, statusTopic } from './topics.js';

const T = 'tbl_r1';
const D = 'dev_wheel1';
const enc = (x: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(x));
const ev = (type: string, payload: unknown, over: Record<string, unknown> = {}) => ({ v: 1, tableId: T, deviceId: D, seq: 7, at: 1_700_000_000_000, type, payload, ...over });

describe('MQTT v1 topics', () => {
  it('builds and parses felt/v1/tables/{tableId}/devices/{deviceId}/{kind}', () => {
    expect(eventsTopic(T, D)).toBe('felt/v1/tables/tbl_r1/devices/dev_wheel1/events');
    expect(statusTopic(T, D)).toBe('felt/v1/tables/tbl_r1/devices/dev_wheel1/status');
    expect(commandsTopic(T, D)).toBe('felt/v1/tables/tbl_r1/devices/dev_wheel1/commands');
    expect(acksTopic(T, D)).toBe('felt/v1/tables/tbl_r1/devices/dev_wheel1/acks');
    expect(parseDeviceTopic(acksTopic(T, D))).toEqual({ tableId: T, deviceId: D, kind: 'acks' });
    expect(deviceTopicFilter('events')).toBe('felt/v1/tables/+/devices/+/events');
  });
  it('supports a per-run root for isolated integration tests', () => {
    const t = eventsTopic(T, D, { root: 'test-42/felt/v1' });
    expect(parseDeviceTopic(t, { root: 'test-42/felt/v1' })).toEqual({ tableId: T, deviceId: D, kind: 'events' });
    expect(parseDeviceTopic(t)).toBeNull();
  });
  it('rejects ids that are not a single topic level', () => {
    expect(() => eventsTopic('a/b', D)).toThrow();
    expect(() => eventsTopic(T, '+')).toThrow();
    expect(parseDeviceTopic('felt/v1/tables/t/devices/d/events/x')).toBeNull();
    expect(parseDeviceTopic('felt/v1/tables/t/devices/d/other')).toBeNull();
  });
});

describe('parseDeviceMessage', () => {
  const samples: [string, unknown][] = [
    ['wheel.state', { state: 5, spin: 11, lastResult: 27, flags: [], rpm: 13.6, direction: 'ccw' }],
    ['wheel.ball', { spin: 11, revolutions: 4, direction: 'cw' }],
    ['wheel.result', { spin: 11, number: 27, revolutions: 9, ballDirection: 'cw', wheelDirection: 'ccw', confirmations: 3 }],
    ['wheel.fault', { code: 'miss_spin', flag: 2, text: 'x', action: 'respin', maintenance: false }],
    ['shoe.inserted', { decks: 8 }],
    ['shoe.removed', {}],
    ['shoe.card', { card: 'TD', shoeIndex: 3 }],
    ['shoe.unreadable', { shoeIndex: 4 }],
    ['shoe.cut_card', { shoeIndex: 60 }],
    ['button.pressed', { button: 'no_more_bets' }],
    ['dice.result', { dice: [1, 6, 3], roundId: 'rnd_1' }],
    ['dice.fault', { code: 'no_shake' }],
    ['shaker.state', { state: 'shaking', roundId: 'rnd_1' }],
    ['moneywheel.state', { state: 'spinning', spin: 2 }],
    ['moneywheel.result', { spin: 2, segment: 7, direction: 'cw', turns: 3.5, label: '10', roundId: 'rnd_1' }],
    ['moneywheel.fault', { code: 'sensor_fault', text: 'pointer sensor dark', spin: 2 }],
    ['device.heartbeat', { uptimeS: 3600 }],
    ['device.fault', { code: 'checksum', count: 3, text: 'bad checksum', raw: '$CARD,1,AS*00' }],
  ];
  it('refuses a money wheel result with a negative turn count or an unknown state (MW-4)', () => {
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('moneywheel.result', { spin: 2, segment: 7, direction: 'cw', turns: -1 })))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('moneywheel.state', { state: 'wobbling', spin: 2 })))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
  });
  it('covers every event type of devices.md §1 plus device.fault', () => {
    expect(new Set(samples.map(([t]) => t))).toEqual(new Set(DEVICE_EVENT_TYPES));
  });
  it.each(samples)('accepts a valid %s event', (type, payload) => {
    const r = parseDeviceMessage(eventsTopic(T, D), enc(ev(type, payload)));
    expect(r).toEqual({ ok: true, value: { kind: 'events', tableId: T, deviceId: D, event: ev(type, payload) } });
  });

  it('MALFORMED_JSON for bytes that are not JSON or not UTF-8', () => {
    expect(parseDeviceMessage(eventsTopic(T, D), new TextEncoder().encode('{"v":1,'))).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON' } });
    expect(parseDeviceMessage(eventsTopic(T, D), Uint8Array.from([0xff, 0xfe]))).toMatchObject({ ok: false, error: { code: 'MALFORMED_JSON' } });
  });
  it('UNKNOWN_TYPE for an event type not in v1', () => {
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('wheel.exploded', {})))).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TYPE' } });
    expect(parseDeviceMessage(commandsTopic(T, D), enc({ id: 'c1', type: 'wheel.selfdestruct', payload: {} }))).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TYPE' } });
  });
  it('SCHEMA_MISMATCH with the offending path for a bad payload or envelope', () => {
    const r = parseDeviceMessage(eventsTopic(T, D), enc(ev('shoe.card', { card: '10D', shoeIndex: 0 })));
    expect(r).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH', issues: [{ path: 'payload.card' }] } });
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('dice.result', { dice: [1, 7, 3], roundId: 'r' })))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('wheel.result', { spin: 1, number: 37, revolutions: 3, ballDirection: 'cw', wheelDirection: 'ccw', confirmations: 2 })))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('device.heartbeat', { uptimeS: 1 }, { v: 2 })))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
    expect(parseDeviceMessage(eventsTopic(T, D), enc([1, 2]))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
  });
  it('TOPIC_MISMATCH when a device publishes under another table or device id', () => {
    expect(parseDeviceMessage(eventsTopic(T, D), enc(ev('device.heartbeat', { uptimeS: 1 }, { deviceId: 'dev_other' })))).toMatchObject({ ok: false, error: { code: 'TOPIC_MISMATCH' } });
    expect(parseDeviceMessage(eventsTopic('tbl_other', D), enc(ev('device.heartbeat', { uptimeS: 1 })))).toMatchObject({ ok: false, error: { code: 'TOPIC_MISMATCH' } });
  });
  it('INVALID_TOPIC for a topic outside felt/v1 devices', () => {
    expect(parseDeviceMessage('felt/v2/x', enc({}))).toMatchObject({ ok: false, error: { code: 'INVALID_TOPIC' } });
  });

  it('parses retained status, commands and acks', () => {
    expect(parseDeviceMessage(statusTopic(T, D), enc({ state: 'offline', model: 'ss2', firmware: null, configHash: null, at: 5 }))).toMatchObject({ ok: true, value: { kind: 'status', status: { state: 'offline' } } });
    const cmds = [
      { id: 'c1', type: 'wheel.launch', payload: { direction: 'ccw' } },
      { id: 'c2', type: 'wheel.void-spin', payload: {} },
      { id: 'c3', type: 'wheel.power', payload: { on: false } },
      { id: 'c4', type: 'timer.show', payload: { seconds: 15 } },
      { id: 'c5', type: 'timer.clear', payload: {} },
      { id: 'c6', type: 'lamp.set', payload: { colour: 'amber' } },
      { id: 'c7', type: 'shaker.shake', payload: { durationMs: 4000, roundId: 'rnd_9' } },
    ];
    for (const c of cmds) expect(parseDeviceMessage(commandsTopic(T, D), enc(c))).toEqual({ ok: true, value: { kind: 'commands', tableId: T, deviceId: D, command: c } });
    expect(parseDeviceMessage(commandsTopic(T, D), enc({ id: 'c8', type: 'timer.show', payload: { seconds: 0 } }))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
    expect(parseDeviceMessage(acksTopic(T, D), enc({ id: 'c1', ok: false, error: 'BUSY' }))).toMatchObject({ ok: true, value: { kind: 'acks', ack: { id: 'c1', ok: false, error: 'BUSY' } } });
    expect(parseDeviceMessage(acksTopic(T, D), enc({ id: 'c1' }))).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
  });

  it('eventMessage/toDeviceEvent produce what parseDeviceMessage accepts', () => {
    const e: DeviceEvent = toDeviceEvent({ tableId: T, deviceId: D, seq: 1, at: 2 }, { type: 'button.pressed', payload: { button: 'start' } });
    const m = eventMessage(e);
    expect(parseDeviceMessage(m.topic, m.payload)).toEqual({ ok: true, value: { kind: 'events', tableId: T, deviceId: D, event: e } });
    expect(deviceEventSchema.parse(e)).toEqual(e);
  });

  it('fuzz: random payloads on every topic kind never throw and always return ok or a coded error', () => {
    const json = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.jsonValue().map((j) => JSON.stringify(j)),
      fc.record({ v: fc.constantFrom(1, 2), tableId: fc.constantFrom(T, 'x'), deviceId: fc.constantFrom(D), seq: fc.integer(), at: fc.integer(), type: fc.constantFrom(...DEVICE_EVENT_TYPES, 'nope'), payload: fc.jsonValue() }).map((o) => JSON.stringify(o)),
    );
    const topic = fc.constantFrom(eventsTopic(T, D), statusTopic(T, D), commandsTopic(T, D), acksTopic(T, D), 'x/y');
    fc.assert(
      fc.property(topic, json, (t, p) => {
        const r = bounded(() => parseDeviceMessage(t, p));
        if (!r.ok) expect(['INVALID_TOPIC', 'MALFORMED_JSON', 'SCHEMA_MISMATCH', 'UNKNOWN_TYPE', 'TOPIC_MISMATCH']).toContain(r.error.code);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
