// @felt-studio/edge-agent — serial device adapters + MQTT links (docs/architecture.md "edge-agent").
export { Agent, type AgentOptions, type AgentDevice } from './agent.js';
export { SerialAdapter, type AdapterOptions, type AdapterStats, type EventSink, type PortWriter } from './adapter.js';
export { WheelAdapter, wheelConfigHash, type WheelAdapterOptions, type WheelDesiredConfig } from './wheel.adapter.js';
export { ShoeAdapter } from './shoe.adapter.js';
export { TimerAdapter, type TimerAdapterOptions } from './timer.adapter.js';
export { DeviceLink, type DeviceLinkOptions, type DeviceIdentity, type DeviceState, type CommandHandler, type CommandResult } from './device-link.js';
export { SerialLink, type SerialLinkOptions, type SerialLinkEvent, type PortOpenOptions } from './serial-link.js';
export { OfflineBuffer, type BufferedEntry, type OfflineBufferOptions } from './offline-buffer.js';
export { SeqCounter } from './seq-counter.js';
export { BoundedQueue } from './bounded-queue.js';
export { agentConfigSchema, deviceConfigSchema, wheelDesiredSchema, parseConfig, loadConfig, type AgentConfig, type AgentConfigInput, type DeviceConfig, type DeviceModel } from './config.js';
export { jsonLogger, silentLogger, memoryLogger, type Logger, type LogLevel } from './logger.js';
