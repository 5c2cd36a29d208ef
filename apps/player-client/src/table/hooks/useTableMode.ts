import { useCallback, useState } from 'react';

/**
 * The table page's view (issue 20): `immersive` — the table's picture fills the page and the bet
 * layout lies over its lower part, as the market leaders' clients do; `classic` — picture, layout and
 * side panels side by side. The choice is remembered on this device.
 */
export type TableMode = 'immersive' | 'classic';

export const TABLE_MODE_KEY = 'felt.play.tableMode';

function stored(): TableMode {
  try {
    return globalThis.localStorage?.getItem(TABLE_MODE_KEY) === 'classic' ? 'classic' : 'immersive';
  } catch (_e) {
    return 'immersive'; // storage blocked (private mode): the default
  }
}

export function useTableMode(): [TableMode, (m: TableMode) => void] {
  const [mode, setMode] = useState<TableMode>(stored);
  const choose = useCallback((m: TableMode) => {
    setMode(m);
    try {
      globalThis.localStorage?.setItem(TABLE_MODE_KEY, m);
    } catch (_e) {
      // not remembered, still applied
    }
  }, []);
  return [mode, choose];
}
