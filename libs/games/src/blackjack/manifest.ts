import { defineManifest } from '../kernel/manifest.js';
import { blackjackKernel } from './kernel.js';
import { blackjackModule } from './module.js';

export const blackjackManifest = defineManifest({ id: 'blackjack', kernel: blackjackKernel, tools: blackjackModule });
