import { defineManifest } from '../kernel/manifest.js';
import { infiniteBlackjackKernel } from './infinite-blackjack.game.js';
import { infiniteBlackjackModule } from './infinite-blackjack.rtp.js';

export const infiniteBlackjackManifest = defineManifest({ id: 'infinite-blackjack', kernel: infiniteBlackjackKernel, tools: infiniteBlackjackModule });
