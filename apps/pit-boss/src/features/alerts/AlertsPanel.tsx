import type { Alert } from '@felt-studio/client-sdk';
import { useLocale } from '@felt-studio/ui';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, shortId } from '../../lib/format';
import { byPriority } from '../../data/alerts.model';

export interface AlertsPanelProps {
  readonly alerts: readonly Alert[];
  /** Recently acknowledged alerts, with who acknowledged them (every pit boss sees the same). */
  readonly acknowledged?: readonly Alert[];
  /** Information events (a shoe inserted…): the activity feed, never alerts to acknowledge (issue 20 defect 8). */
  readonly activity?: readonly Alert[];
  readonly tableName: (tableId: string | null) => string;
  readonly onAck: (ids: readonly string[]) => void;
  readonly onOpenRound?: (roundId: string) => void;
  readonly soundOn: boolean;
  readonly onToggleSound: () => void;
}

/**
 * Open alerts, most urgent first; critical ones are announced assertively to screen readers. Rendered again
 * only when its props change (the alerts, not every round frame of the floor around it).
 */
export const AlertsPanel = memo(function AlertsPanel({ alerts, acknowledged = [], activity = [], tableName, onAck, onOpenRound, soundOn, onToggleSound }: AlertsPanelProps) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const sorted = byPriority(alerts);
  const critical = sorted.filter((a) => a.severity === 'critical');
  return (
    <section className="pit-alerts" aria-labelledby="pit-alerts-title">
      <header className="pit-section-head">
        <h2 id="pit-alerts-title">
          {t('alerts.title')} <span className={`pit-count ${critical.length > 0 ? 'is-critical' : sorted.length > 0 ? 'is-warning' : ''}`}>{t('alerts.count', { count: sorted.length })}</span>
        </h2>
        <div className="pit-row">
          <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" aria-pressed={soundOn} onClick={onToggleSound}>
            {soundOn ? t('alerts.soundOn') : t('alerts.soundOff')}
          </button>
          {sorted.length > 0 ? (
            <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={() => onAck(sorted.map((a) => a.alertId))}>
              {t('alerts.ackAll')}
            </button>
          ) : null}
        </div>
      </header>
      <div className="felt-visually-hidden" role="alert" aria-live="assertive">
        {critical[0] ? t('alerts.newCritical', { message: critical[0].message }) : ''}
      </div>
      {sorted.length === 0 ? <p className="felt-muted">{t('alerts.none')}</p> : null}
      <ol className="pit-alert-list" aria-label={t('alerts.live')}>
        {sorted.map((a) => (
          <li key={a.alertId} className={`pit-alert is-${a.severity}`}>
            <AlertText alert={a} table={tableName(a.tableId)} locale={locale}>
              {(a.count ?? 1) > 1 ? (
                <span className="pit-alert-times" title={t('alerts.lastAt', { time: formatTime(a.lastAt ?? a.at, locale) })}>
                  {t('alerts.times', { count: a.count })}
                </span>
              ) : null}
              {a.escalatedAt ? <span className="pit-alert-escalated">{t('alerts.escalated')}</span> : null}
            </AlertText>
            <div className="pit-row">
              {a.roundId && onOpenRound ? (
                <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={() => onOpenRound(a.roundId as string)} title={a.roundId}>
                  {t('alerts.openRound')} {shortId(a.roundId)}
                </button>
              ) : null}
              <button type="button" className="felt-btn felt-btn-sm" onClick={() => onAck([a.alertId])}>
                {t('alerts.ack')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      {acknowledged.length > 0 ? (
        <details className="pit-acked">
          <summary>{t('alerts.showAcked', { count: acknowledged.length })}</summary>
          <ol className="pit-alert-list" aria-label={t('alerts.acknowledged')}>
            {acknowledged.map((a) => (
              <li key={a.alertId} className={`pit-alert is-acked is-${a.severity}`}>
                <AlertText alert={a} table={tableName(a.tableId)} locale={locale} />
                {a.ack ? <p className="pit-acked-by">{t('alerts.ackedBy', { name: a.ack.byName || a.ack.by, time: formatTime(a.ack.at, locale) })}</p> : null}
                {!a.ack && a.resolvedAt ? <p className="pit-acked-by">{t('alerts.resolvedAt', { time: formatTime(a.resolvedAt, locale) })}</p> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {activity.length > 0 ? (
        <details className="pit-activity">
          <summary>{t('alerts.activity', { count: activity.length })}</summary>
          <ol className="pit-activity-list" aria-label={t('alerts.activityLabel')}>
            {activity.map((a) => (
              <li key={a.alertId}>
                <time className="felt-muted" dateTime={new Date(a.at).toISOString()}>
                  {formatTime(a.at, locale)}
                </time>{' '}
                <strong>{tableName(a.tableId)}</strong> <span className="felt-mono pit-code">{a.code}</span> {a.message}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
});

/** An alert's head (severity, table, when; then `children`: how often, escalated) and its message with its code. */
function AlertText({ alert: a, table, locale, children }: { readonly alert: Alert; readonly table: string; readonly locale: string; readonly children?: ReactNode }) {
  const { t } = useTranslation('pit');
  return (
    <>
      <div className="pit-alert-head">
        <span className={`pit-sev is-${a.severity}`}>{t(`alerts.severity.${a.severity}`)}</span>
        <strong>{table}</strong>
        <time className="felt-muted" dateTime={new Date(a.at).toISOString()}>
          {formatTime(a.at, locale)}
        </time>
        {children}
      </div>
      <p className="pit-alert-msg">
        <span className="felt-mono pit-code">{a.code}</span> {a.message}
      </p>
    </>
  );
}
