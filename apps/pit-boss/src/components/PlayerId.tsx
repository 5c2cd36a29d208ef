import { isRobotPlayerId } from '@felt-studio/protocol';
import { useTranslation } from 'react-i18next';
import { FlagBadge } from './FlagBadge';

/** A player's id as staff see it; a demo robot's account is marked (issue 20 defect 1), and a pit boss's standing flag shows beside it (issue 23). */
export function PlayerId({ playerId }: { readonly playerId: string }): React.JSX.Element {
  const { t } = useTranslation('pit');
  return (
    <span className="pit-player">
      <span className="felt-mono">{playerId}</span>
      {isRobotPlayerId(playerId) ? <span className="pit-badge pit-badge-robot"> {t('detail.robot')}</span> : null}
      <FlagBadge playerId={playerId} />
    </span>
  );
}
