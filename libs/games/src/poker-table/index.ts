// Live poker where players play each other (issue 11): profiles, the hand state machine, pots, replay.
export * from './profiles.js';
export * from './pots.js';
export * from './showdown.js';
export * from './hand.js';
export * from './replay.js';
export * from './view.js';
export * from './seats.js';
export * from './robot.js';
