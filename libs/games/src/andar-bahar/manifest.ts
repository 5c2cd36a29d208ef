import { defineManifest } from '../kernel/manifest.js';
import { andarBaharGame, andarBaharKernel } from './andar-bahar.game.js';

/** Andar Bahar (AB-1..AB-8, README.md beside this file): the live kernel and `felt rtp` / `felt settle`. */
export const andarBaharManifest = defineManifest({ id: 'andar-bahar', kernel: andarBaharKernel, tools: andarBaharGame });
