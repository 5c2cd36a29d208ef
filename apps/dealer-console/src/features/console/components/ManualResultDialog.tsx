import { roulette } from '@felt-studio/games';
import type { Rejection } from '@felt-studio/protocol';
import { Dialog, Die, ErrorNotice } from '@felt-studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction, ObservedSpin } from '../model/round';

const POCKETS = Array.from({ length: 37 }, (_, n) => n);
const FACES = [1, 2, 3, 4, 5, 6] as const;

function Actions({ ready, busy, onSubmit, onClose }: { readonly ready: boolean; readonly busy: boolean; readonly onSubmit: () => void; readonly onClose: () => void }) {
  const { t } = useTranslation('dealer');
  return (
    <>
      <button type="button" className="felt-btn felt-btn-ghost" onClick={onClose}>
        {t('dialog.cancel')}
      </button>
      <button type="button" className="felt-btn felt-btn-primary" disabled={!ready || busy} onClick={onSubmit}>
        {busy ? t('dialog.sending') : t('dialog.manualSubmit')}
      </button>
    </>
  );
}

/**
 * The winning number entered by hand when the wheel's reader fails (S-3): the number, and what the
 * dealer saw of the spin (revolutions, ball and wheel direction) so the kernel still applies ROU-4
 * after the pit boss signs it off.
 */
export function ManualNumberDialog({ busy, error, onSubmit, onClose }: { readonly busy: boolean; readonly error?: Rejection | null; readonly onSubmit: (seen: ObservedSpin) => void; readonly onClose: () => void }) {
  const { t } = useTranslation('dealer');
  const [n, setN] = useState<number | null>(null);
  const [revolutions, setRevolutions] = useState(0);
  const [ball, setBall] = useState<Direction>('ccw');
  const [wheel, setWheel] = useState<Direction>('cw');
  const ready = n !== null && revolutions > 0;
  const dir = (label: string, value: Direction, set: (d: Direction) => void) => (
    <div role="group" aria-label={label} className="dc-pick dc-pick-dir">
      <span className="dc-pick-label">{label}</span>
      {(['cw', 'ccw'] as const).map((d) => (
        <button key={d} type="button" className={`dc-pick-btn dc-pick-small${value === d ? ' is-on' : ''}`} aria-pressed={value === d} onClick={() => set(d)}>
          {t(`dialog.direction.${d}`)}
        </button>
      ))}
    </div>
  );
  return (
    <Dialog title={t('dialog.numberTitle')} wide onClose={onClose} actions={<Actions ready={ready} busy={busy} onClose={onClose} onSubmit={() => n !== null && onSubmit({ number: n, revolutions, ballDirection: ball, wheelDirection: wheel })} />}>
      <p>{t('dialog.numberIntro')}</p>
      <div role="group" aria-label={t('dialog.number')} className="dc-pick dc-pick-numbers">
        {POCKETS.map((p) => {
          const c = roulette.colourOf(p);
          return (
            <button key={p} type="button" className={`dc-pick-btn dc-num is-${c}${n === p ? ' is-on' : ''}`} aria-pressed={n === p} onClick={() => setN(p)}>
              {p}
            </button>
          );
        })}
      </div>
      <div className="dc-pick-row">
        <div role="group" aria-label={t('dialog.revolutions')} className="dc-pick dc-pick-dir">
          <span className="dc-pick-label" id="dc-revs">
            {t('dialog.revolutions')}
          </span>
          <button type="button" className="dc-pick-btn dc-pick-small" aria-label={t('dialog.fewerRevolutions')} disabled={revolutions <= 0} onClick={() => setRevolutions((r) => Math.max(0, r - 1))}>
            −
          </button>
          <output className="dc-revs" aria-labelledby="dc-revs" aria-live="polite">
            {revolutions}
          </output>
          <button type="button" className="dc-pick-btn dc-pick-small" aria-label={t('dialog.moreRevolutions')} onClick={() => setRevolutions((r) => Math.min(99, r + 1))}>
            +
          </button>
        </div>
        {dir(t('dialog.ballDirection'), ball, setBall)}
        {dir(t('dialog.wheelDirection'), wheel, setWheel)}
      </div>
      <p className="dc-pick-preview" aria-live="polite">
        {n === null ? <span className="dc-muted">{t('dialog.numberNone')}</span> : t('dialog.numberSelected', { n, revolutions })}
      </p>
      <ErrorNotice error={error ?? null} />
    </Dialog>
  );
}

/** The three dice entered by hand when the shaker's reader fails (S-3), for pit-boss sign-off. */
export function ManualDiceDialog({ busy, error, onSubmit, onClose }: { readonly busy: boolean; readonly error?: Rejection | null; readonly onSubmit: (dice: readonly number[]) => void; readonly onClose: () => void }) {
  const { t } = useTranslation('dealer');
  const [dice, setDice] = useState<readonly (number | null)[]>([null, null, null]);
  const complete = dice.every((d): d is number => d !== null);
  return (
    <Dialog title={t('dialog.diceTitle')} wide onClose={onClose} actions={<Actions ready={complete} busy={busy} onClose={onClose} onSubmit={() => complete && onSubmit(dice as number[])} />}>
      <p>{t('dialog.diceIntro')}</p>
      {dice.map((value, i) => (
        <div key={i} role="group" aria-label={t('dialog.die', { n: i + 1 })} className="dc-pick dc-pick-faces">
          <span className="dc-pick-label">{t('dialog.die', { n: i + 1 })}</span>
          {FACES.map((f) => (
            <button key={f} type="button" className={`dc-pick-btn dc-face${value === f ? ' is-on' : ''}`} aria-pressed={value === f} aria-label={String(f)} onClick={() => setDice((d) => d.map((x, j) => (j === i ? f : x)))}>
              <Die value={f} size={40} />
            </button>
          ))}
        </div>
      ))}
      <p className="dc-pick-preview" aria-live="polite">
        {complete ? t('dialog.diceSelected', { dice: dice.join(' · '), total: (dice as number[]).reduce((a, b) => a + b, 0) }) : <span className="dc-muted">{t('dialog.diceNone')}</span>}
      </p>
      <ErrorNotice error={error ?? null} />
    </Dialog>
  );
}
