import { defineManifest } from '../kernel/manifest.js';
import { sicboGame } from './sicbo.game.js';
import { sicboKernel } from './sicbo.kernel.js';

export const sicboManifest = defineManifest({ id: 'sicbo', kernel: sicboKernel, tools: sicboGame });
