import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn, commonSv } from './common.js';

export const LANGUAGES = ['en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One namespace's catalogue in every language (English and Swedish complete). */
export type Catalogue = { readonly en: Record<string, unknown>; readonly sv: Record<string, unknown> };

const STORAGE_KEY = 'felt.lang';

function storedLanguage(): Language | null {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return v === 'en' || v === 'sv' ? v : null;
  } catch (_e) {
    return null; // storage blocked (private mode): fall back to the browser language
  }
}

export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('sv') ? 'sv' : 'en';
}

/**
 * i18next + react-i18next. The `common` namespace is libs/ui's; each app adds its own namespaces
 * (`player`, `dealer`, `pit`) with `catalogues`. Keys are namespaced: `t('common:balance')` or
 * `useTranslation('player')` + `t('lobby.title')`.
 */
export function createI18n(catalogues: Readonly<Record<string, Catalogue>> = {}, lng: Language = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  const resources: Record<Language, Record<string, Record<string, unknown>>> = { en: { common: commonEn }, sv: { common: commonSv } };
  for (const [ns, c] of Object.entries(catalogues)) {
    resources.en[ns] = c.en;
    resources.sv[ns] = c.sv;
  }
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['common', ...Object.keys(catalogues)],
    defaultNS: Object.keys(catalogues)[0] ?? 'common',
    fallbackNS: 'common',
    resources,
    initAsync: false,
    // i18next 27 made `false` the default (an empty string then counts as missing and the key shows);
    // an empty catalogue entry here means "say nothing" (e.g. dealer devices.advice.online).
    returnEmptyString: true,
    interpolation: { escapeValue: false }, // React escapes
  });
  instance.on('languageChanged', (l) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, l);
    } catch (_e) {
      // storage blocked: the choice lasts for this page only
    }
    if (typeof document !== 'undefined') document.documentElement.lang = l;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return instance;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const mergeDeep = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isPlain(v) && isPlain(out[k]) ? mergeDeep(out[k] as Record<string, unknown>, v) : v;
  return out;
};

/** A namespace's catalogue with further catalogues merged in, deeply (a game plugin's strings into an app's namespace). */
export function mergeCatalogues(base: Catalogue, ...more: readonly (Catalogue | undefined)[]): Catalogue {
  return more.reduce<Catalogue>((c, m) => (m ? { en: mergeDeep(c.en, m.en), sv: mergeDeep(c.sv, m.sv) } : c), base);
}

/** Every key path of a catalogue (for completeness tests: Swedish has every English key). */
export function keyPaths(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v !== null && typeof v === 'object' ? keyPaths(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}
