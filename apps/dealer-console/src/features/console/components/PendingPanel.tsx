import type { PendingRequest } from '@felt-studio/client-sdk';
import { useTranslation } from 'react-i18next';
import { roundOver } from '../model/round';

/**
 * Requests of this round waiting for a pit boss (void, manual card, number or dice), so the dealer knows to hold.
 * A round that is over (void or settled) waits for nothing: the list is read every 3 s, and for up to that long it
 * still held the void the pit boss had just approved, beside "Round void" (issue 20 defect 9).
 */
export function PendingPanel({ pending, roundId, phase }: { readonly pending: readonly PendingRequest[]; readonly roundId: string | null; readonly phase: string }) {
  const { t } = useTranslation('dealer');
  const mine = roundOver(phase) ? [] : pending.filter((p) => p.roundId === roundId);
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
