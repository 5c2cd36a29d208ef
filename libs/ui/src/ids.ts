/**
 * A long internal id as staff quote it: its last six characters ("…650f25"), the same on the dealer
 * console and the pit boss's screens; the whole id goes in a tooltip (`title`). Short ids stay whole.
 */
export function shortId(id: string): string {
  return id.length > 10 ? `…${id.slice(-6)}` : id;
}
