import { ErrorNotice } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import type { Betting } from '../hooks/useBetting';

/** Rejections: rule ID + reason + code, kept until dismissed (at the stage's top right). */
export function Notices({ betting }: { readonly betting: Betting }) {
  const { t } = useTranslation('player');
  const errors = betting.notices.filter((n) => n.kind === 'error');
  return (
    <div className="notices" aria-live="polite">
      {errors.map((n) => (
        <ErrorNotice key={n.id} error={n.error ?? null} currency={n.currency} onDismiss={() => betting.dismiss(n.id)} title={t('notices.rejected')} />
      ))}
    </div>
  );
}

/**
 * Accepted bets: one confirmation slot (the latest replaces the previous, so nothing moves when chips land),
 * in the table's header over its status (issue 20, the screenshot reviews: over the picture it hid the hand
 * headings and Money Wheel's pointer for its seconds) — never over the picture, the table's name or the balance.
 */
export function Confirmation({ betting }: { readonly betting: Betting }) {
  const { t } = useTranslation('player');
  const ok = betting.notices.filter((n) => n.kind === 'ok').at(-1);
  return (
    <div className="confirm-slot" aria-live="polite">
      {ok ? (
        <div key={ok.id} className="felt-toast" role="status">
          ✓ {t('notices.accepted', { what: ok.text })}
        </div>
      ) : null}
    </div>
  );
}
