import { lastResults, rouletteStats } from '@felt-studio/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberBadge } from './Wheel';

/** Last results (up to 500) and hot / cold numbers over the last 100 spins. `results` oldest first. */
export function RouletteStats({ results }: { readonly results: readonly number[] }) {
  const { t } = useTranslation('player');
  const stats = useMemo(() => rouletteStats(results, 100), [results]);
  // newest first (lastResults already returns them so; issue 20 defect 4: a second reverse drew the 12 oldest)
  const last = useMemo(() => lastResults(results, 500), [results]);
  return (
    <section className="roulette-stats felt-panel" aria-label={t('stats.label')}>
      <h2>{last.length > 0 ? t('stats.last', { count: last.length }) : t('stats.lastShort')}</h2>
      {last.length === 0 ? <p className="felt-muted">{t('lobby.noResults')}</p> : null}
      <div className="recent-strip">
        {last.slice(0, 12).map((n, i) => (
          <NumberBadge key={i} n={n} size={i === 0 ? 'lg' : 'md'} />
        ))}
      </div>
      {stats.spins > 0 ? (
        <>
          <div className="hotcold">
            <div>
              <h3 className="is-hot">{t('stats.hot')}</h3>
              <ul className="hc-list">
                {stats.hot.slice(0, 5).map((s) => (
                  <li key={s.number}>
                    <NumberBadge n={s.number} size="sm" /> <span className="felt-muted">×{s.count}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="is-cold">{t('stats.cold')}</h3>
              <ul className="hc-list">
                {stats.cold.slice(0, 5).map((s) => (
                  <li key={s.number}>
                    <NumberBadge n={s.number} size="sm" /> <span className="felt-muted">×{s.count}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className="felt-muted stats-window">{t('stats.window', { count: stats.spins })}</p>
          <div className="share-bar" role="group" aria-label={t('stats.colours')}>
            <span className="is-red" style={{ flex: stats.colour.red.count || 0.0001 }}>
              {stats.colour.red.percent}%
            </span>
            <span className="is-green" style={{ flex: stats.colour.green.count || 0.0001 }}>
              {stats.colour.green.percent > 0 ? `${stats.colour.green.percent}%` : ''}
            </span>
            <span className="is-black" style={{ flex: stats.colour.black.count || 0.0001 }}>
              {stats.colour.black.percent}%
            </span>
          </div>
          <details className="history-500">
            <summary>{t('stats.all', { count: last.length })}</summary>
            <div className="history-grid">
              {last.map((n, i) => (
                <NumberBadge key={i} n={n} size="sm" />
              ))}
            </div>
          </details>
        </>
      ) : null}
    </section>
  );
}
