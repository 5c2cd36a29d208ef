/** Clock time on the pit boss's screen (server epoch ms → local "14:03:27"). */
export function formatTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
}

export function formatDateTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(at);
}

/** Short id for a glance ("rnd_01HF…X7K2" → "…X7K2"); the full id stays in title/aria. */
export function shortId(id: string): string {
  return id.length > 10 ? `…${id.slice(-6)}` : id;
}
