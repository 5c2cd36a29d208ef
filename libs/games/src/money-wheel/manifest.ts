import { defineManifest } from '../kernel/manifest.js';
import { moneyWheelKernel } from './money-wheel.game.js';
import { moneyWheelGame } from './money-wheel.module.js';

export const moneyWheelManifest = defineManifest({ id: 'money-wheel', kernel: moneyWheelKernel, tools: moneyWheelGame });
