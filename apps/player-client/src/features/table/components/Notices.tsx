import { ErrorNotice } from '@felt/ui';
import { useTranslation } from 'react-i18next';
import type { Betting } from '../hooks/useBetting';

/** Accepted bets (a short confirmation) and rejections (rule ID + reason + code). */
export function Notices({ betting }: { readonly betting: Betting }) {
  const { t } = useTranslation('player');
  return (
    <div className="notices" aria-live="polite">
      {betting.notices.map((n) =>
        n.kind === 'ok' ? (
          <div key={n.id} className="felt-toast" role="status">
            ✓ {t('notices.accepted', { what: n.text })}
          </div>
        ) : (
          <ErrorNotice key={n.id} error={n.error ?? null} onDismiss={() => betting.dismiss(n.id)} title={t('notices.rejected')} />
        ),
      )}
    </div>
  );
}
