import { ErrorNotice, toRejection, useLocale, usePokerSend, usePokerTable } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { PokerTableView } from './PokerTableView';

/** `/play/poker/:tableId` (lazy chunk): watches the table (`poker.join`) and renders this player's frame. */
export default function PokerTableScreen({ tableId }: { readonly tableId: string }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const table = usePokerTable(tableId);
  const sender = usePokerSend();
  if (table.isError) return <ErrorNotice error={toRejection(table.error)} />;
  if (!table.data) return <p className="felt-center felt-muted">{t('loading')}</p>;
  return <PokerTableView frame={table.data} sender={sender} locale={locale} />;
}
