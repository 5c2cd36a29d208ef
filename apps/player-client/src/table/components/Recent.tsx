import { DiceRow, type DieColour } from '@felt-studio/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The side panel of a table's last results (the game's own strip or list inside). */
export function RecentPanel({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation('player');
  return (
    <section className="felt-panel" aria-label={t('stats.lastShort')}>
      <h2>{t('stats.lastShort')}</h2>
      {children}
    </section>
  );
}

/**
 * A dice game's last eight throws in their panel: each settled round's dice (read from its view by `diceOf`;
 * a round without dice is left out) and their total.
 */
export function RecentDice({ results, diceOf, colours }: { readonly results: readonly { readonly roundId: string; readonly view: unknown }[]; readonly diceOf: (view: unknown) => readonly number[] | null; readonly colours?: readonly DieColour[] }) {
  return (
    <RecentPanel>
      <ul className="sicbo-history">
        {results.slice(0, 8).map((r) => {
          const d = diceOf(r.view);
          return d ? (
            <li key={r.roundId}>
              <DiceRow dice={d} size={22} colours={colours} /> <span className="felt-muted">{d.reduce((a, b) => a + b, 0)}</span>
            </li>
          ) : null;
        })}
      </ul>
    </RecentPanel>
  );
}
