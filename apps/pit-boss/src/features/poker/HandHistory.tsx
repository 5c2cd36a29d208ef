import type { Card } from '@felt-studio/games';
import { ErrorNotice, Money, PlayingCard, formatMoney, toRejection, useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { dealtBySeat, historyLines, type HistoryLine, type HistoryResult } from './hand-history.model';

export const handEventsKey = (tableId: string, handId: string) => ['pokerHandEvents', tableId, handId] as const;

function Cards({ cards, scannedLabel }: { readonly cards: readonly { readonly card: string | null; readonly up?: boolean }[]; readonly scannedLabel: string }) {
  return (
    <span className="felt-card-row pit-hh-cards">
      {cards.map((c, i) => (c.card === null ? <span key={i} className="pit-hh-down" role="img" aria-label={scannedLabel} /> : <PlayingCard key={i} card={c.card as Card} size="sm" />))}
    </span>
  );
}

function Result({ result, currency, name }: { readonly result: HistoryResult | null; readonly currency: string; readonly name: (seat: number) => string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  if (!result) return null;
  if (result.type === 'void') return <p>{t('pokerTable.history.voidResult')}</p>;
  return (
    <div className="pit-hh-result">
      <ul className="pit-hh-awards">
        {result.awards.map((a, i) => (
          <li key={i}>
            <strong>
              {a.pot === 0 ? t('pokerTable.history.pot') : t('pokerTable.history.sidePot', { n: a.pot })}
              {a.part === 'high' || a.part === 'low' ? ` (${t(`pokerTable.history.part.${a.part}`)})` : ''}
            </strong>{' '}
            <Money minor={a.amountMinor} currency={currency} /> → {a.shares.map(([seat, amount]) => t('pokerTable.history.wins', { names: name(seat), amount: formatMoney(amount, currency, locale) })).join(', ')}
          </li>
        ))}
      </ul>
      {result.shown.length > 0 ? (
        <ul className="pit-hh-shown" aria-label={t('pokerTable.history.shown')}>
          {result.shown.map((h) => (
            <li key={h.seat}>
              <span>{name(h.seat)}</span> <Cards cards={h.cards.map((card) => ({ card }))} scannedLabel="" /> <span className="felt-muted">{h.high}{h.low ? ` · ${h.low}` : ''}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {result.rakeMinor > 0 ? <p className="felt-muted">{t('pokerTable.history.rake', { amount: formatMoney(result.rakeMinor, currency, locale) })}</p> : null}
      <p className="pit-hh-net">
        <span className="felt-muted">{t('pokerTable.history.net')}:</span>{' '}
        {result.seats.map((s) => `${name(s.seat)} ${s.netMinor > 0 ? '+' : ''}${formatMoney(s.netMinor, currency, locale)}`).join(' · ')}
      </p>
    </div>
  );
}

function Line({ line, currency, name }: { readonly line: HistoryLine; readonly currency: string; readonly name: (seat: number) => string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const money = (m: number): string => formatMoney(m, currency, locale);
  switch (line.kind) {
    case 'start':
      return (
        <>
          <span className="pit-hh-what">
            {line.buttonSeat !== null ? t('pokerTable.history.start', { button: line.buttonSeat }) : t('pokerTable.history.startNoButton')}
            {line.at !== null ? <span className="felt-muted"> · {formatTime(line.at, locale)}</span> : null}
          </span>
          <span className="felt-muted">
            {t('pokerTable.history.stacks')}: {line.seats.map((s) => `${name(s.seat)} ${money(s.stackMinor)}`).join(' · ')}
          </span>
        </>
      );
    case 'deal':
      return (
        <>
          <span className="pit-hh-what">{t('pokerTable.history.dealt')}</span>
          <span className="pit-hh-deal">
            {dealtBySeat(line.cards).map((d) => (
              <span key={d.seat} className="pit-hh-seatcards">
                {name(d.seat)} <Cards cards={d.cards} scannedLabel={t('pokerTable.cardDown')} />
              </span>
            ))}
          </span>
        </>
      );
    case 'burn':
      return (
        <>
          <span className="pit-hh-what">{t('pokerTable.history.burned')}</span>
          <Cards cards={[{ card: line.card }]} scannedLabel={t('pokerTable.history.burnedDown')} />
        </>
      );
    case 'board':
      return (
        <>
          <span className="pit-hh-what">{t(`pokerTable.history.street.${line.street}`)}</span>
          <Cards cards={line.cards.map((card) => ({ card }))} scannedLabel="" />
        </>
      );
    case 'act': {
      const key = line.action === 'all-in' && line.toMinor !== null ? 'all-in-to' : line.action;
      return <span className="pit-hh-what">{t(`pokerTable.history.act.${key}`, { name: name(line.seat), amount: line.toMinor !== null ? money(line.toMinor) : '' })}</span>;
    }
    case 'draw':
      return (
        <>
          <span className="pit-hh-what">{t('pokerTable.history.drawN', { name: name(line.seat), count: line.count })}</span>
          {line.discards ? <Cards cards={line.discards.map((card) => ({ card }))} scannedLabel="" /> : null}
        </>
      );
    case 'time-bank':
      return <span className="pit-hh-what">{t('pokerTable.history.timeBank', { name: name(line.seat) })}</span>;
    case 'timeout':
      return <span className="pit-hh-what">{t('pokerTable.history.timeout', { name: name(line.seat) })}</span>;
    case 'misdeal':
    case 'void':
      return <span className="pit-hh-what is-ruling">{t(`pokerTable.history.${line.kind}`, { reason: line.reason })}</span>;
    case 'expose':
      return (
        <>
          <span className="pit-hh-what is-ruling">{t('pokerTable.history.expose', { name: name(line.seat), card: line.card })}</span>
          <Cards cards={[{ card: line.card }]} scannedLabel="" />
        </>
      );
    case 'end':
      return (
        <>
          <span className="pit-hh-what">{t('pokerTable.history.ended')}</span>
          <Result result={line.result} currency={currency} name={name} />
        </>
      );
  }
}

/**
 * One hand's history (GEN-8) from `GET /poker-tables/:id/hands/:handId/events`, as the server
 * redacts it for the pit boss: who did what, the board by street, the rulings, pots and the result.
 * A hand still in play is fetched again as it goes on.
 */
export function HandHistory({ tableId, handId, currency, name, live }: { readonly tableId: string; readonly handId: string; readonly currency: string; readonly name: (seat: number) => string; readonly live: boolean }) {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const q = useQuery({ queryKey: handEventsKey(tableId, handId), queryFn: () => api.pokerHandEvents(tableId, handId), refetchInterval: live ? 3_000 : false });
  if (q.isError) return <ErrorNotice error={toRejection(q.error)} />;
  if (!q.data) return <p className="felt-muted">{t('pokerTable.history.loading')}</p>;
  const lines = historyLines(q.data.events);
  if (lines.length === 0) return <p className="felt-muted">{t('pokerTable.history.empty')}</p>;
  return (
    <ol className="pit-hh" aria-label={t('pokerTable.history.title')} data-hand-history={handId}>
      {lines.map((l) => (
        <li key={l.seq} className={`pit-hh-line is-${l.kind}`}>
          <Line line={l} currency={currency} name={name} />
        </li>
      ))}
    </ol>
  );
}
