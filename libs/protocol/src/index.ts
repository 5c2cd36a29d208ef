// @felt/protocol — schemas and codecs for every byte that crosses a process (STYLE.md habit 4).
export * from './devices/nmea.js';
export * from './api/index.js';
export * from './common/result.js';
export * from './mqtt/topics.js';
export * from './mqtt/events.schema.js';
export * from './mqtt/control.schema.js';
export * from './mqtt/message.js';
export * from './devices/line-framer.js';
export * from './devices/seq.js';
export * from './devices/device-faults.js';
export * from './devices/ss2.codec.js';
export * from './devices/wheel.tracker.js';
export * from './devices/shoe.codec.js';
export * from './devices/shoe.tracker.js';
export * from './devices/timer.codec.js';
export * from './devices/timer.tracker.js';
export * from './devices/decode.js';
