import { defineManifest } from '../kernel/manifest.js';
import { luckyDiceKernel } from './lucky-dice.game.js';
import { luckyDiceGame } from './lucky-dice.module.js';

export const luckyDiceManifest = defineManifest({ id: 'lucky-dice', kernel: luckyDiceKernel, tools: luckyDiceGame });
