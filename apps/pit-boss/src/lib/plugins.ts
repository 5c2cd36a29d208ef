import type { PitGamePlugin, Preset } from './plugin';

/**
 * The game plugins the app registered (app/games.ts, at start-up — issue 19 §4). Features read them here:
 * a feature never imports the app shell or another feature (the layer rules, issue 19 §1).
 */
let registered: readonly PitGamePlugin[] = [];

export function registerPitPlugins(list: readonly PitGamePlugin[]): void {
  registered = list;
}

export const pitPlugin = (game: string): PitGamePlugin | undefined => registered.find((p) => p.games.includes(game));
export const presetsOf = (game: string): readonly Preset[] => pitPlugin(game)?.presets ?? ['custom'];
