import type { Table } from '@felt-studio/client-sdk';
import type { GameCommandBody, TableStatus } from '@felt-studio/protocol';
import { formatMoneyShort, minorDigits, queryKeys, useLocale, useSession } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { presetsOf } from '../../lib/plugins';
import type { Preset } from '../../lib/plugin';
import { ReasonDialog } from '../../components/ReasonDialog';

type Open = { readonly kind: 'status'; readonly status: TableStatus } | { readonly kind: 'void' } | { readonly kind: 'resume' } | { readonly kind: 'correct' } | { readonly kind: 'limits' } | { readonly kind: 'preOpen' };

export const PRE_OPEN_CHECKS = ['table', 'wheel-level', 'free-running', 'ball'] as const;

function toMinor(v: string, currency: string): number | null {
  const n = Number(v.replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * 10 ** minorDigits(currency));
}

/**
 * Status changes, void, resume play of a stalled round (issue 9 §5), correction, limits and the ROU-7
 * pre-open check — each with a reason.
 */
export function TableActions({ table, hasRound, stalled = false }: { readonly table: Table; readonly hasRound: boolean; readonly stalled?: boolean }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState<Open | null>(null);
  const ids = { min: useId(), max: useId(), preset: useId(), value: useId() };
  const digits = minorDigits(table.currency);
  const [minV, setMinV] = useState(String(table.limits.tableMinMinor / 10 ** digits));
  const [maxV, setMaxV] = useState(String(table.limits.tableMaxMinor / 10 ** digits));
  const [checks, setChecks] = useState<Set<string>>(new Set());
  const presets = presetsOf(table.game);
  const [preset, setPreset] = useState<Preset>(presets[0] ?? 'custom');
  const [value, setValue] = useState('');

  const refresh = async (): Promise<void> => {
    await qc.invalidateQueries({ queryKey: queryKeys.tables });
    await qc.invalidateQueries({ queryKey: queryKeys.round(table.tableId) });
  };

  const correction = (): GameCommandBody | null => {
    const v = value.trim();
    switch (preset) {
      case 'rouletteNoSpin':
        return { type: 'DeclareNoSpin' };
      case 'dice': {
        const dice = v.split(/[\s,]+/).filter(Boolean).map(Number);
        return dice.length === 3 && dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6) ? { type: 'RecordDiceResult', dice } : null;
      }
      case 'cards': {
        const cards = v.toUpperCase().split(/[\s,]+/).filter(Boolean);
        return cards.length >= 4 && cards.every((c) => /^[2-9TJQKA][SHDC]$/.test(c)) ? { type: 'ResolveMisdeal', action: 'accept-corrected', correctedCards: cards } : null;
      }
      case 'misdealVoid':
        return { type: 'ResolveMisdeal', action: 'void' };
      case 'resume':
        return { type: 'ResumeRound' };
      case 'card':
        return /^[2-9TJQKA][SHDC]$/.test(v.toUpperCase()) ? { type: 'RecordCard', card: v.toUpperCase() } : null;
      case 'custom':
        try {
          const c = JSON.parse(v) as unknown;
          return typeof c === 'object' && c !== null && typeof (c as { type?: unknown }).type === 'string' ? (c as GameCommandBody) : null;
        } catch (_e) {
          return null;
        }
    }
  };

  const statusButtons: readonly { status: TableStatus; label: string }[] = [
    { status: 'open', label: t('actions.open') },
    { status: 'paused', label: t('actions.pause') },
    { status: 'closed', label: t('actions.close') },
    { status: 'maintenance', label: t('actions.maintenance') },
  ];

  return (
    <section className="pit-actions" aria-labelledby="pit-actions-title">
      <h2 id="pit-actions-title">{t('actions.title')}</h2>
      <div className="pit-row pit-wrap" role="group" aria-label={tc('tableStatus.open')}>
        {statusButtons
          .filter((b) => b.status !== table.status)
          .map((b) => (
            <button key={b.status} type="button" className={`felt-btn ${b.status === 'open' ? 'felt-btn-primary' : ''}`} onClick={() => setOpen({ kind: 'status', status: b.status })}>
              {b.label}
            </button>
          ))}
      </div>
      {stalled ? <p className="pit-warn">{t('actions.stalled')}</p> : null}
      <div className="pit-row pit-wrap">
        <button type="button" className="felt-btn felt-btn-danger" disabled={!hasRound} onClick={() => setOpen({ kind: 'void' })}>
          {t('actions.void')}
        </button>
        {stalled ? (
          <button type="button" className="felt-btn felt-btn-primary" onClick={() => setOpen({ kind: 'resume' })}>
            {t('actions.resumePlay')}
          </button>
        ) : null}
        <button type="button" className="felt-btn" disabled={!hasRound} onClick={() => setOpen({ kind: 'correct' })}>
          {t('actions.correct')}
        </button>
        <button type="button" className="felt-btn" onClick={() => setOpen({ kind: 'limits' })}>
          {t('actions.limits')}
        </button>
        {table.game === 'roulette' ? (
          <button type="button" className="felt-btn" onClick={() => setOpen({ kind: 'preOpen' })}>
            {t('actions.preOpen')}
          </button>
        ) : null}
      </div>
      {table.game === 'roulette' ? (
        <p className={table.preOpenCheck ? 'felt-muted' : 'pit-warn'}>
          {table.preOpenCheck ? t('actions.preOpenDone', { by: table.preOpenCheck.by, time: formatTime(table.preOpenCheck.at, locale) }) : t('actions.preOpenMissing')}
        </p>
      ) : null}
      <p className="felt-muted">{t('limits.current', { min: formatMoneyShort(table.limits.tableMinMinor, table.currency, locale), max: formatMoneyShort(table.limits.tableMaxMinor, table.currency, locale) })}</p>

      {open?.kind === 'status' ? (
        <ReasonDialog
          title={t('dialog.status', { table: table.name, status: tc(`tableStatus.${open.status}`) })}
          help={t(`dialog.statusHelp.${open.status}`)}
          danger={open.status !== 'open'}
          onConfirm={async (reason) => {
            await api.setTableStatus(table.tableId, open.status, reason);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'void' ? (
        <ReasonDialog
          title={t('dialog.voidRound', { table: table.name })}
          help={t('dialog.voidRoundHelp')}
          danger
          onConfirm={async (reason) => {
            await api.voidRound(table.tableId, reason);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'resume' ? (
        <ReasonDialog
          title={t('dialog.resumePlay', { table: table.name })}
          help={t('dialog.resumePlayHelp')}
          onConfirm={async (reason) => {
            await api.resumePlay(table.tableId, reason);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'correct' ? (
        <ReasonDialog
          title={t('dialog.correction', { table: table.name })}
          help={t('dialog.correctionHelp')}
          validate={() => (correction() === null ? t('correction.invalid') : null)}
          onConfirm={async (reason) => {
            const c = correction() as GameCommandBody;
            await api.correctResult(table.tableId, { ...c, reason });
            await refresh();
          }}
          onClose={() => setOpen(null)}
        >
          <label htmlFor={ids.preset}>{t('correction.command')}</label>
          <select id={ids.preset} value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
            {presets.map((p) => (
              <option key={p} value={p}>
                {p === 'rouletteNoSpin' ? 'DeclareNoSpin (ROU-4)' : p === 'dice' ? t('correction.dice') : p === 'cards' ? t('correction.cards') : p === 'misdealVoid' ? 'ResolveMisdeal: void' : p === 'resume' ? 'ResumeRound' : p === 'card' ? 'RecordCard' : t('correction.custom')}
              </option>
            ))}
          </select>
          {preset === 'dice' || preset === 'cards' || preset === 'card' || preset === 'custom' ? (
            <>
              <label htmlFor={ids.value}>{preset === 'dice' ? t('correction.dice') : preset === 'custom' ? t('correction.custom') : t('correction.cards')}</label>
              <input id={ids.value} value={value} onChange={(e) => setValue(e.target.value)} className="felt-mono" autoComplete="off" />
            </>
          ) : null}
        </ReasonDialog>
      ) : null}
      {open?.kind === 'limits' ? (
        <ReasonDialog
          title={t('dialog.limits', { table: table.name })}
          help={t('dialog.limitsHelp')}
          validate={() => {
            const lo = toMinor(minV, table.currency);
            const hi = toMinor(maxV, table.currency);
            return lo === null || hi === null || lo > hi ? t('limits.invalid') : null;
          }}
          onConfirm={async (reason) => {
            const lo = toMinor(minV, table.currency) as number;
            const hi = toMinor(maxV, table.currency) as number;
            await api.updateTable(table.tableId, { limits: { currency: table.currency, tableMinMinor: lo, tableMaxMinor: hi, spots: { ...table.limits.spots } }, reason });
            await refresh();
          }}
          onClose={() => setOpen(null)}
        >
          <label htmlFor={ids.min}>{`${t('limits.tableMin')} (${table.currency})`}</label>
          <input id={ids.min} inputMode="decimal" value={minV} onChange={(e) => setMinV(e.target.value)} />
          <label htmlFor={ids.max}>{`${t('limits.tableMax')} (${table.currency})`}</label>
          <input id={ids.max} inputMode="decimal" value={maxV} onChange={(e) => setMaxV(e.target.value)} />
        </ReasonDialog>
      ) : null}
      {open?.kind === 'preOpen' ? (
        <ReasonDialog
          title={t('dialog.preOpen', { table: table.name })}
          help={t('dialog.preOpenHelp')}
          validate={() => (checks.size === 0 ? t('correction.invalid') : null)}
          onConfirm={async (reason) => {
            await api.preOpenCheck(table.tableId, { checks: [...checks], note: reason });
            await refresh();
          }}
          onClose={() => setOpen(null)}
        >
          <fieldset className="pit-checks">
            <legend>{t('actions.preOpen')}</legend>
            {PRE_OPEN_CHECKS.map((c) => (
              <label key={c} className="pit-check">
                <input
                  type="checkbox"
                  checked={checks.has(c)}
                  onChange={(e) =>
                    setChecks((prev) => {
                      const n = new Set(prev);
                      if (e.target.checked) n.add(c);
                      else n.delete(c);
                      return n;
                    })
                  }
                />
                {t(`preOpen.${c}`)}
              </label>
            ))}
          </fieldset>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
