import type { PendingRequest } from '@felt/client-sdk';
import { useTranslation } from 'react-i18next';

/** Requests of this round waiting for a pit boss (void, manual card), so the dealer knows to hold. */
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
          return (
            <li key={p.requestId}>
              {p.kind === 'void' ? t('pending.void', { reason: p.reason }) : card ? t('pending.manual', { card }) : t('pending.manualOther')}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
