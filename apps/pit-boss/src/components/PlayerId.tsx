import { isRobotPlayerId } from '@felt/protocol';
import { useTranslation } from 'react-i18next';

/** A player's id as staff see it; a demo robot's account is flagged (issue 20 defect 1). */
export function PlayerId({ playerId }: { readonly playerId: string }): React.JSX.Element {
  const { t } = useTranslation('pit');
  return (
    <span className="pit-player">
      <span className="felt-mono">{playerId}</span>
      {isRobotPlayerId(playerId) ? <span className="pit-badge pit-badge-robot"> {t('detail.robot')}</span> : null}
    </span>
  );
}
