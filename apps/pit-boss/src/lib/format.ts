/** Clock time on the pit boss's screen (server epoch ms → local "14:03:27"). */
export function formatTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
}

export function formatDateTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(at);
}

/** Short id for a glance ("…650f25"), the same as the dealer console shows; the full id stays in title/aria. */
export { shortId } from '@felt-studio/ui';
