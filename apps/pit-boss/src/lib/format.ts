/** One formatter per locale and style: building an Intl.DateTimeFormat per call was a sixth of the floor's script time. */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, style: 'time' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, style === 'time' ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { dateStyle: 'short', timeStyle: 'medium' });
    formats.set(key, f);
  }
  return f;
}

/** Clock time on the pit boss's screen (server epoch ms → local "14:03:27"). */
export function formatTime(at: number, locale: string): string {
  return dateFormat(locale, 'time').format(at);
}

export function formatDateTime(at: number, locale: string): string {
  return dateFormat(locale, 'dateTime').format(at);
}

/** Short id for a glance ("…650f25"), the same as the dealer console shows; the full id stays in title/aria. */
export { shortId } from '@felt-studio/ui';
