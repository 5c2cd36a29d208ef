import { useTranslation } from 'react-i18next';
import { usePlayerFlags } from '../data/playerFlags';

/** Issue 23: "Flagged" beside a player's name while a pit boss's flag stands on the account — the reason, who and when on hover and for screen readers. */
export function FlagBadge({ playerId }: { readonly playerId: string }): React.JSX.Element | null {
  const { t } = useTranslation('pit');
  const f = usePlayerFlags().get(playerId);
  if (f === undefined) return null;
  const why = t('flags.badgeTitle', { reason: f.reason, by: f.byName, at: new Date(f.at).toLocaleString() });
  return (
    <>
      {' '}
      <span className="pit-badge pit-badge-flag" title={why}>
        {t('flags.badge')}
        <span className="felt-visually-hidden">: {why}</span>
      </span>
    </>
  );
}
