import { defineManifest } from '../kernel/manifest.js';
import { baccaratKernel } from './baccarat.kernel.js';
import { baccaratModule } from './baccarat.module.js';

export const baccaratManifest = defineManifest({ id: 'baccarat', kernel: baccaratKernel, tools: baccaratModule });
