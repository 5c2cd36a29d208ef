import type { NextAction } from '@felt-studio/client-sdk';
import { useTranslation } from 'react-i18next';
import { dueItems, type DueItem } from '../model/due';
import type { RoundModel } from '../model/round';

/** Renders one due item in the dealer's language (side names and ordinals translated too). */
export function useDueText(): (d: DueItem) => string {
  const { t } = useTranslation('dealer');
  return (d) => {
    if (d.key === 'raw') return d.message;
    const p: Record<string, string | number> = { ...d.params };
    if (typeof p['side'] === 'string') p['sideName'] = t(`sideName.${p['side']}`, { defaultValue: p['side'] });
    if (typeof p['n'] === 'number' && d.key === 'bacDeal') p['ordinal'] = t(`ordinal.${p['n']}`);
    // poker decisions: the kernel's action names in the dealer's language
    if (typeof p['options'] === 'string') p['options'] = p['options'].split(' / ').map((a) => t(`pokerActions.${a}`, { defaultValue: a })).join(' / ');
    if (typeof p['fallback'] === 'string') p['fallback'] = t(`pokerActions.${p['fallback']}`, { defaultValue: p['fallback'] });
    const context = typeof p['outcome'] === 'string' ? p['outcome'] : undefined;
    return t(`due.${d.key}`, { ...p, ...(context ? { context } : {}), defaultValue: d.message });
  };
}

/** "What is due": the next dealer/device action first and large, announcements after it. */
export function DuePanel({ next, round, autoCadence = false }: { readonly next: readonly NextAction[]; readonly round: RoundModel; readonly autoCadence?: boolean }) {
  const { t } = useTranslation('dealer');
  const text = useDueText();
  const items = dueItems(next, round, { autoCadence });
  return (
    <section className="dc-due" aria-labelledby="dc-due-title">
      <h2 id="dc-due-title" className="dc-section-title">
        {t('due.region')}
      </h2>
      {items.length === 0 ? (
        <p className="dc-due-empty">{t('due.nothing')}</p>
      ) : (
        // focusable: on a tablet a long list scrolls inside the panel (a keyboard reaches it too; axe scrollable-region-focusable)
        <ol className="dc-due-list" aria-live="polite" aria-labelledby="dc-due-title" tabIndex={0}>
          {items.map((d, i) => (
            <li key={`${d.key}-${i}`} className={`dc-due-item is-${d.tone}${i === 0 ? ' is-first' : ''}`} title={d.message || undefined}>
              <span className="dc-due-text">{text(d)}</span>
              {d.ruleId ? <span className="dc-rule">{d.ruleId}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
