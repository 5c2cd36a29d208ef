import { roulette } from '@felt-studio/games';

export function NumberBadge({ n, size = 'md' }: { readonly n: number; readonly size?: 'sm' | 'md' | 'lg' }) {
  const c = roulette.colourOf(n);
  return <span className={`num-badge is-${c} is-${size}`}>{n}</span>;
}
