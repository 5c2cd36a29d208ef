import { defineManifest } from '../kernel/manifest.js';
import { dragonTigerGame, dragonTigerKernel } from './dragon-tiger.game.js';

export const dragonTigerManifest = defineManifest({ id: 'dragon-tiger', kernel: dragonTigerKernel, tools: dragonTigerGame });
