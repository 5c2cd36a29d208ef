/**
 * Money on screen: integer minor units in, `Intl.NumberFormat` in the table's currency out (STYLE.md
 * "Web apps"). The number of minor digits comes from Intl (EUR 2, JPY 0, BHD 3).
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** ISO 4217 "no currency": tournament chips (TRN-PLAY) — whole numbers, no sign ("1,500"). */
export const CHIPS_CURRENCY = 'XXX';

function formatter(currency: string, locale: string, compact: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${compact ? 'c' : 'f'}`;
  let f = formatters.get(key);
  if (!f) {
    f = currency === CHIPS_CURRENCY ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }) : new Intl.NumberFormat(locale, compact ? { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 } : { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f;
}

/** Minor digits per currency, asked of Intl once. */
const digits = new Map<string, number>();

/** Minor digits of a currency (EUR → 2). */
export function minorDigits(currency: string): number {
  if (currency === CHIPS_CURRENCY) return 0;
  let d = digits.get(currency);
  if (d === undefined) {
    // a new Intl.NumberFormat per call was a third of the pit floor's script time (docs/testing.md "The pit floor's renderer")
    d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digits.set(currency, d);
  }
  return d;
}

export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** `formatMoney(123456, 'EUR', 'en')` → "€1,234.56"; `sv` → "1 234,56 €". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return formatter(currency, locale, false).format(toMajor(minor, currency));
}

/**
 * What a person typed in major units ("10", "10.5", "10,50", "1 000") as integer minor units of `currency`,
 * or null when it is not an amount (letters, a sign, more decimals than the currency has). Never a float
 * past this point: the digits are joined, not multiplied.
 */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(t);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  const minor = Number(`${m[1]}${frac.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Without trailing zero decimals ("€5", "€2.50"): chips and limits. */
export function formatMoneyShort(minor: number, currency: string, locale: string): string {
  const whole = minor % 10 ** minorDigits(currency) === 0;
  return formatter(currency, locale, whole).format(toMajor(minor, currency));
}

/** A chip's face: "5", "25", "1K", "2.5" — no currency sign (the table's currency is in the header). */
export function chipLabel(minor: number, currency: string): string {
  const major = toMajor(minor, currency);
  if (major >= 1000) return `${Number((major / 1000).toFixed(1))}K`;
  return String(Number(major.toFixed(2)));
}
