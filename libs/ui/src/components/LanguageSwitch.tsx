import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/i18n.js';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <label className="felt-lang">
      <span className="felt-visually-hidden">{t('language')}</span>
      <select value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)} aria-label={t('language')}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
