import { useTranslation } from 'react-i18next';
import { pokerTableEn } from './poker-table.en';
import { pokerTableSv } from './poker-table.sv';

/**
 * Adds the poker table's strings (`player:pokerTable.*`, en + sv) to i18next the first time the
 * screen renders: they load with the lazy poker chunk instead of the initial bundle.
 */
export function usePokerStrings(): void {
  const { i18n } = useTranslation('player');
  if (i18n.getResource('en', 'player', 'pokerTable.yourTurn') === undefined) {
    i18n.addResourceBundle('en', 'player', { pokerTable: pokerTableEn }, true, false);
    i18n.addResourceBundle('sv', 'player', { pokerTable: pokerTableSv }, true, false);
  }
}
