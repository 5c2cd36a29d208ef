import { defineManifest } from '../kernel/manifest.js';
import { footballStudioGame, footballStudioKernel } from './football-studio.game.js';

export const footballStudioManifest = defineManifest({ id: 'football-studio', kernel: footballStudioKernel, tools: footballStudioGame });
