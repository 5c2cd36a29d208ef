// @felt/protocol — schemas and codecs for every byte that crosses a process (STYLE.md habit 4).
export * from './devices/nmea.js';
