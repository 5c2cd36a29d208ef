import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { screen, within } from '@testing-library/react';
import { withGameStrings } from '../src/app/games';
import { DuePanel } from '../src/features/console/components/DuePanel';
import { TablePanel } from '../src/features/console/components/TablePanel';
import { deriveRound, type GameId } from '../src/features/console/model/round';
import { dealerEn } from '../src/i18n/dealer.en';
import { dealerSv } from '../src/i18n/dealer.sv';
import { drive } from '../src/test/kernels';

/** The console's catalogues, every game's strings with them. */
export const consoleCatalogues = { dealer: withGameStrings({ en: dealerEn, sv: dealerSv }) };

/**
 * A game's round on the console from REAL kernel states and the DEALER view the server sends: `kernel` driven
 * through `commands` (profile `profileId`), rendered as the table panel and what is due; `due` is the due list's text.
 */
export function showConsoleRound(kernel: unknown, game: GameId, commands: readonly Record<string, unknown>[], lng: 'en' | 'sv' = 'en', profileId = 'standard') {
  const d = drive(kernel, profileId, commands);
  const round = deriveRound(game, d.roundId, d.view);
  renderWithFelt(
    <>
      <TablePanel round={round} />
      <DuePanel next={d.next} round={round} />
    </>,
    { catalogues: consoleCatalogues, lng },
  );
  const due = within(screen.getByRole('region', { name: lng === 'en' ? 'What is due' : 'Vad som ska göras' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  return { round, due, driven: d };
}
