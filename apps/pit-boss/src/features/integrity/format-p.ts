/** p-values as a person reads them: "< 0.0001" rather than 3.2e-7 (every section of the Integrity view, issue 23). */
export function formatP(p: number, locale: string): string {
  if (p < 0.0001) return `< ${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(0.0001)}`;
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 }).format(p);
}
