import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money.js';

/** The current i18n language as an Intl locale (`sv` → `sv-SE`). */
export function useLocale(): string {
  const { i18n } = useTranslation('common');
  const l = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return l === 'sv' ? 'sv-SE' : 'en-GB';
}

/** An amount in the table's currency (tabular figures). */
export function Money({ minor, currency, className }: { readonly minor: number; readonly currency: string; readonly className?: string }) {
  const locale = useLocale();
  return <span className={className ? `felt-money ${className}` : 'felt-money'}>{formatMoney(minor, currency, locale)}</span>;
}
