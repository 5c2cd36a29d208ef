// @felt-studio/hardware-sim — protocol-faithful device emulators, scripted fault scenarios, transports (devices.md §6).
export * from './clock.js';
export * from './duplex.js';
export * from './host-recorder.js';
export * from './serial.transport.js';
export * from './pty-pair.js';
export * from './wheel.sim.js';
export * from './nmea-device.js';
export * from './shoe.sim.js';
export * from './timer-box.sim.js';
export * from './shaker.sim.js';
export * from './drivers.js';
export * from './scenarios.js';
export * from './run-sim.js';
export * from './money-wheel.sim.js';
