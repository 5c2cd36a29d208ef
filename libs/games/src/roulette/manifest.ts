import { defineManifest } from '../kernel/manifest.js';
import { rouletteKernel } from './kernel.js';
import { rouletteModule } from './module.js';

export const rouletteManifest = defineManifest({ id: 'roulette', kernel: rouletteKernel, tools: rouletteModule });
