import type { PokerTableFrame } from '@felt-studio/protocol';
import { useSession } from '@felt-studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortId } from '../../lib/format';
import { ReasonDialog } from '../../components/ReasonDialog';
import { ExposedCardDialog } from './ExposedCardDialog';

/**
 * The pit boss's decisions on the hand in play (P4-IRR, S1-FAIL-RING): misdeal and void with a reason,
 * an exposed card with the seat, the card and a confirm step. Shown only while a hand is in play.
 */
export function PokerDecisions({ frame, small = false }: { readonly frame: PokerTableFrame; readonly small?: boolean }) {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const [decide, setDecide] = useState<'misdeal' | 'void' | 'expose' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const hand = frame.hand;
  const live = hand !== null && hand.phase !== 'complete' && hand.phase !== 'void';
  const size = small ? ' felt-btn-sm' : '';
  return (
    <>
      {live ? (
        <div className="pit-poker-actions">
          <button type="button" className={`felt-btn${size}`} onClick={() => setDecide('misdeal')}>
            {t('floor.poker.misdeal')}
          </button>
          <button type="button" className={`felt-btn${size}`} onClick={() => setDecide('expose')}>
            {t('floor.poker.exposed')}
          </button>
          <button type="button" className={`felt-btn${size} felt-btn-danger`} onClick={() => setDecide('void')}>
            {t('floor.poker.void')}
          </button>
        </div>
      ) : null}
      {done ? (
        <p className="felt-toast pit-poker-done" role="status">
          {done}
        </p>
      ) : null}
      {(decide === 'misdeal' || decide === 'void') && hand !== null ? (
        <ReasonDialog
          title={t(`floor.poker.${decide}Title`, { table: frame.name, hand: shortId(hand.handId) })}
          help={t(`floor.poker.${decide}Help`)}
          danger={decide === 'void'}
          onConfirm={(reason) => api.pokerHandDecision(frame.tableId, { type: decide, reason })}
          onClose={() => setDecide(null)}
        />
      ) : null}
      {decide === 'expose' && hand !== null ? <ExposedCardDialog frame={frame} onClose={() => setDecide(null)} onDone={setDone} /> : null}
    </>
  );
}
