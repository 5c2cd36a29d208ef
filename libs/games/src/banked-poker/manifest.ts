import { defineManifest } from '../kernel/manifest.js';
import { casinoHoldemGame, casinoHoldemKernel } from './casino-holdem.game.js';
import { texasHoldemBonusGame, texasHoldemBonusKernel } from './texas-holdem-bonus.game.js';
import { threeCardPokerGame, threeCardPokerKernel } from './three-card-poker.game.js';
import { ultimateTexasHoldemGame, ultimateTexasHoldemKernel } from './ultimate-texas-holdem.game.js';

export const threeCardPokerManifest = defineManifest({ id: 'three-card-poker', kernel: threeCardPokerKernel, tools: threeCardPokerGame });
export const casinoHoldemManifest = defineManifest({ id: 'casino-holdem', kernel: casinoHoldemKernel, tools: casinoHoldemGame });
export const ultimateTexasHoldemManifest = defineManifest({ id: 'ultimate-texas-holdem', kernel: ultimateTexasHoldemKernel, tools: ultimateTexasHoldemGame });
export const texasHoldemBonusManifest = defineManifest({ id: 'texas-holdem-bonus', kernel: texasHoldemBonusKernel, tools: texasHoldemBonusGame });
