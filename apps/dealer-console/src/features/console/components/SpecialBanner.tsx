import { useTranslation } from 'react-i18next';
import type { SpecialState } from '../model/round';

/** A state that stops normal play (no spin, wheel fault, misdeal, unreadable card…): what happened and what to do. */
export function SpecialBanner({ special }: { readonly special: SpecialState | null }) {
  const { t } = useTranslation('dealer');
  if (!special) return null;
  const k = special.kind;
  const count = 'count' in special ? special.count : undefined;
  const detail = 'detail' in special ? special.detail : '';
  const severe = k !== 'no-spin' && k !== 'void' && k !== 'dice-fault';
  return (
    <section className={`dc-special is-${k}${severe ? ' is-severe' : ''}`} role={severe ? 'alert' : 'status'} aria-label={t('special.region')}>
      <h2 className="dc-special-title">
        {t(`special.${k}.title`)}
        <span className="dc-rule">{special.ruleId}</span>
      </h2>
      <p className="dc-special-what">{t(`special.${k}.what`, count !== undefined ? { count } : {})}</p>
      <p className="dc-special-todo">{t(`special.${k}.todo`)}</p>
      {k === 'void' && special.reason ? <p className="dc-special-detail">{t('special.void.reason', { reason: special.reason })}</p> : null}
      {detail ? <p className="dc-special-detail">{t('special.detail', { detail })}</p> : null}
    </section>
  );
}
