import { defineManifest } from '../kernel/manifest.js';
import { fastPokerGame, fastPokerKernel } from './fast-poker.game.js';
import { dynamicPokerGame, dynamicPokerKernel, riversidePokerGame, riversidePokerKernel, tripleBetPokerGame, tripleBetPokerKernel } from './ray-poker.live.js';
import { rayPokerGame } from './ray-poker.module.js';

/** The four RAY bank-poker games as one offline module keyed by profile (RAY 2011 (docs/rules) §7): no table runs it. */
export const rayPokerManifest = defineManifest({ id: 'ray-poker', kernel: null, tools: rayPokerGame });
export const fastPokerManifest = defineManifest({ id: 'fast-poker', kernel: fastPokerKernel, tools: fastPokerGame });
export const tripleBetPokerManifest = defineManifest({ id: 'triple-bet-poker', kernel: tripleBetPokerKernel, tools: tripleBetPokerGame });
export const dynamicPokerManifest = defineManifest({ id: 'dynamic-poker', kernel: dynamicPokerKernel, tools: dynamicPokerGame });
export const riversidePokerManifest = defineManifest({ id: 'riverside-poker', kernel: riversidePokerKernel, tools: riversidePokerGame });
