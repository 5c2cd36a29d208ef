import type { PendingRequest } from '@felt-studio/client-sdk';
import { useTranslation } from 'react-i18next';

/** Requests of this round waiting for a pit boss (void, manual card, number or dice), so the dealer knows to hold. */
export function PendingPanel({ pending, roundId }: { readonly pending: readonly PendingRequest[]; readonly roundId: string | null }) {
  const { t } = useTranslation('dealer');
  const mine = pending.filter((p) => p.roundId === roundId);
  if (mine.length === 0) return null;
  return (
    <section className="dc-pending" aria-label={t('pending.region')} aria-live="polite">
      <h2 className="dc-section-title">{t('pending.region')}</h2>
      <ul>
        {mine.map((p) => {
          const card = p.command && typeof p.command['card'] === 'string' ? p.command['card'] : null;
          const n = p.command?.type === 'RecordSpinResult' && typeof p.command['number'] === 'number' ? p.command['number'] : null;
          const dice = p.command?.type === 'RecordDiceResult' && Array.isArray(p.command['dice']) ? (p.command['dice'] as unknown[]).join(' · ') : null;
          const text = p.kind === 'void' ? t('pending.void', { reason: p.reason }) : card ? t('pending.manual', { card }) : n !== null ? t('pending.manualNumber', { n }) : dice !== null ? t('pending.manualDice', { dice }) : t('pending.manualOther');
          return <li key={p.requestId}>{text}</li>;
        })}
      </ul>
    </section>
  );
}
