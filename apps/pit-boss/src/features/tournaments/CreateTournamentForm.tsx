import { tournament as T } from '@felt-studio/games';
import type { CreateTournamentBody, Rejection, TournamentView } from '@felt-studio/protocol';
import { ErrorNotice, formatMoney, parseMoney, toRejection, useLocale, useSession } from '@felt-studio/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, DEFAULT_FORM, fieldOfRejection, maxEntriesOfForm, PRESETS, structureOf, toBody, type FieldProblem, type FormErrors, type FormField, type TournamentForm } from './create-tournament.model';

/** A refusal shown beside its field: the server's words with its rule ID (staff see the IDs), or a local check's key. */
type Shown = { readonly local: FieldProblem } | { readonly server: Rejection };

/** One labelled control with its hint and its error, tied by aria-describedby (the error first: it is read first). */
function Field({ id, label, hint, error, children }: { readonly id: string; readonly label: string; readonly hint?: string; readonly error: ReactNode; readonly children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const described = [error ? `${id}-err` : null, hint ? `${id}-hint` : null].filter((x) => x !== null).join(' ');
  return (
    <div className="pit-form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error !== null, ...(described ? { 'aria-describedby': described } : {}) })}
      {hint ? (
        <small id={`${id}-hint`} className="felt-muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <p id={`${id}-err`} className="pit-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The pit boss publishes a tournament (issue 24; docs/tournaments.md "The creation form"): the kind (a scheduled
 * one with its start time), name, currency, buy-in and fee in major units (sent as minor units, shown as money),
 * starting stack, seats, the field, a structure from the presets with its levels shown, late registration,
 * re-entry, and the standard payout table shown. Obvious typos are caught here; the terms are the server's to
 * judge (TRN-DEF), and its refusal is shown beside the field it names. A review step comes before publishing.
 */
export function CreateTournamentForm({ onCreated, onClose }: { readonly onCreated: (t: TournamentView) => void; readonly onClose: () => void }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const { api } = useSession();
  const base = useId();
  const idOf = (f: FormField): string => `${base}-${f}`;
  const [form, setForm] = useState<TournamentForm>(DEFAULT_FORM);
  const [errors, setErrors] = useState<Partial<Record<FormField, Shown>>>({});
  const [general, setGeneral] = useState<Rejection | null>(null);
  const [review, setReview] = useState<CreateTournamentBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusField, setFocusField] = useState<FormField | null>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusField === null) return;
    document.getElementById(`${base}-${focusField}`)?.focus();
    setFocusField(null);
  }, [focusField, base]);
  useEffect(() => {
    if (review) reviewRef.current?.focus();
  }, [review]);

  const set = <K extends keyof TournamentForm>(k: K, v: TournamentForm[K]): void => {
    setForm((f) => ({ ...f, [k]: v }));
    const field = (k === 'maxReEntries' || k === 'reEntryUntilLevel' ? 'reEntry' : k === 'preset' ? 'structure' : k) as FormField;
    // min and max are judged together: changing either clears "at least the minimum"
    const fields: FormField[] = field === 'minPlayers' || field === 'maxPlayers' ? ['minPlayers', 'maxPlayers'] : [field];
    setErrors((e) => (fields.some((f) => e[f]) ? { ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) } : e));
  };
  const errorText = (field: FormField): ReactNode => {
    const e = errors[field];
    if (!e) return null;
    if ('local' in e) return t(`tournaments.create.errors.${e.local.key}`, e.local.params ?? {});
    return t('tournaments.create.refused', { rule: e.server.ruleId ?? e.server.code, message: e.server.message });
  };
  const structure = structureOf(form);
  const levels = structure.filter((x) => x.type === 'level').length;
  const buyIn = parseMoney(form.buyIn, form.currency);
  const fee = parseMoney(form.fee, form.currency);
  const money = (minor: number): string => formatMoney(minor, form.currency, locale);
  const maxEntries = maxEntriesOfForm(form);
  const payoutRows = T.STANDARD_PAYOUTS.filter((r) => r.minEntries <= Math.max(2, maxEntries));

  const check = (): void => {
    setGeneral(null);
    const r = toBody(form, Date.now());
    if (!r.ok) {
      const shown: Partial<Record<FormField, Shown>> = {};
      for (const [k, v] of Object.entries(r.errors as FormErrors)) shown[k as FormField] = { local: v };
      setErrors(shown);
      setFocusField(Object.keys(r.errors)[0] as FormField);
      return;
    }
    setErrors({});
    setReview(r.body);
  };
  const publish = async (body: CreateTournamentBody): Promise<void> => {
    setBusy(true);
    try {
      const created = await api.createTournament(body);
      onCreated(created);
    } catch (err) {
      const r = toRejection(err);
      const field = fieldOfRejection(r);
      setReview(null);
      if (field !== null) {
        setErrors({ [field]: { server: r } });
        setFocusField(field);
      } else setGeneral(r);
    } finally {
      setBusy(false);
    }
  };

  if (review) {
    const b = review;
    const reEntryText = b.reEntry ? t('tournaments.create.reEntryTerms', { count: b.reEntry.maxReEntries, level: b.reEntry.untilLevel }) : t('tournaments.create.noReEntry');
    return (
      <section className="pit-panel" aria-labelledby={`${base}-review`}>
        <h2 id={`${base}-review`} ref={reviewRef} tabIndex={-1}>
          {t('tournaments.create.reviewTitle', { name: b.name })}
        </h2>
        <dl className="pit-stats">
          <dt>{t('tournaments.create.kind')}</dt>
          <dd>{t(`tournaments.create.kinds.${b.kind}`)}</dd>
          {b.startsAt !== null ? (
            <>
              <dt>{t('tournaments.create.startsAt')}</dt>
              <dd>{new Date(b.startsAt).toLocaleString(locale)}</dd>
            </>
          ) : null}
          <dt>{t('tournaments.create.entryCost')}</dt>
          <dd className="felt-mono">{t('tournaments.create.buyInPlusFee', { buyIn: formatMoney(b.buyInMinor, b.currency, locale), fee: formatMoney(b.feeMinor, b.currency, locale), total: formatMoney(b.buyInMinor + b.feeMinor, b.currency, locale) })}</dd>
          <dt>{t('tournaments.create.startingStack')}</dt>
          <dd>{t('tournaments.create.chips', { n: b.startingStack })}</dd>
          <dt>{t('tournaments.create.field')}</dt>
          <dd>{t('tournaments.create.fieldTerms', { min: b.minPlayers, max: b.maxPlayers, seats: b.seatsPerTable })}</dd>
          <dt>{t('tournaments.create.structure')}</dt>
          <dd>{t('tournaments.create.structureTerms', { preset: t(`tournaments.create.presets.${form.preset}`), levels, minutes: Number(form.levelMinutes) })}</dd>
          <dt>{t('tournaments.create.lateRegistration')}</dt>
          <dd>{b.lateRegistrationLevels === 0 ? t('tournaments.create.lateNone') : t('tournaments.create.lateTerms', { n: b.lateRegistrationLevels })}</dd>
          <dt>{t('tournaments.create.reEntry')}</dt>
          <dd>{reEntryText}</dd>
          <dt>{t('tournaments.create.timeBank')}</dt>
          <dd>{b.timeBankMs ? t('tournaments.create.timeBankTerms', { s: b.timeBankMs / 1000 }) : t('tournaments.create.timeBankNone')}</dd>
        </dl>
        <div className="pit-dialog-actions">
          <button type="button" className="felt-btn felt-btn-ghost" disabled={busy} onClick={() => setReview(null)}>
            {t('tournaments.create.edit')}
          </button>
          <button type="button" className="felt-btn" disabled={busy} onClick={() => void publish(b)}>
            {t('tournaments.create.publish')}
          </button>
        </div>
      </section>
    );
  }

  const num = (field: FormField & keyof TournamentForm, label: string, hint?: string) => (
    <Field id={idOf(field)} label={label} {...(hint ? { hint } : {})} error={errorText(field)}>
      {(a) => <input {...a} type="text" inputMode="numeric" autoComplete="off" value={form[field] as string} onChange={(e) => set(field, e.target.value)} />}
    </Field>
  );
  const amount = (field: 'buyIn' | 'fee', label: string, hint: string) => (
    <Field id={idOf(field)} label={t('tournaments.create.inCurrency', { label, currency: form.currency })} hint={hint} error={errorText(field)}>
      {(a) => <input {...a} type="text" inputMode="decimal" autoComplete="off" value={form[field]} onChange={(e) => set(field, e.target.value)} />}
    </Field>
  );

  return (
    <section className="pit-panel" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('tournaments.create.title')}</h2>
      <form
        className="felt-form pit-create-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <ErrorNotice error={general} onDismiss={() => setGeneral(null)} />
        <fieldset className="pit-form-fieldset" aria-describedby={errors.kind ? `${idOf('kind')}-err` : undefined}>
          <legend>{t('tournaments.create.kind')}</legend>
          {(['sit-and-go', 'scheduled'] as const).map((k) => (
            <label key={k} className="pit-check">
              <input type="radio" name={`${base}-kind`} value={k} checked={form.kind === k} onChange={() => set('kind', k)} />
              {t(`tournaments.create.kinds.${k}`)}
            </label>
          ))}
          <small className="felt-muted">{t(`tournaments.create.kindHelp.${form.kind}`)}</small>
          {errors.kind ? (
            <p id={`${idOf('kind')}-err`} className="pit-field-error">
              {errorText('kind')}
            </p>
          ) : null}
        </fieldset>
        <div className="pit-form-grid">
          <Field id={idOf('name')} label={t('tournaments.create.name')} error={errorText('name')}>
            {(a) => <input {...a} type="text" maxLength={80} autoComplete="off" required aria-required="true" value={form.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          {form.kind === 'scheduled' ? (
            <Field id={idOf('startsAt')} label={t('tournaments.create.startsAt')} hint={t('tournaments.create.startsAtHint')} error={errorText('startsAt')}>
              {(a) => <input {...a} type="datetime-local" required aria-required="true" value={form.startsAt} onChange={(e) => set('startsAt', e.target.value)} />}
            </Field>
          ) : null}
          <Field id={idOf('currency')} label={t('tournaments.create.currency')} error={errorText('currency')}>
            {(a) => (
              <select {...a} value={form.currency} onChange={(e) => set('currency', e.target.value)}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {amount('buyIn', t('tournaments.create.buyIn'), t('tournaments.create.buyInHint'))}
          {amount('fee', t('tournaments.create.fee'), t('tournaments.create.feeHint'))}
        </div>
        <p className="felt-mono" aria-live="polite">
          {buyIn !== null && fee !== null ? t('tournaments.create.buyInPlusFee', { buyIn: money(buyIn), fee: money(fee), total: money(buyIn + fee) }) : '\u00a0'}
        </p>
        <div className="pit-form-grid">
          {num('startingStack', t('tournaments.create.startingStack'), t('tournaments.create.startingStackHint'))}
          {num('seatsPerTable', t('tournaments.create.seatsPerTable'), t('tournaments.create.seatsHint'))}
          {num('minPlayers', t('tournaments.create.minPlayers'))}
          {num('maxPlayers', t('tournaments.create.maxPlayers'), form.kind === 'sit-and-go' ? t('tournaments.create.maxPlayersSng') : undefined)}
        </div>
        <div className="pit-form-grid">
          <Field id={idOf('structure')} label={t('tournaments.create.structure')} error={errorText('structure')}>
            {(a) => (
              <select {...a} value={form.preset} onChange={(e) => setForm((f) => ({ ...f, preset: e.target.value as TournamentForm['preset'], levelMinutes: String(T.STRUCTURE_PRESETS[e.target.value as TournamentForm['preset']].levelMinutes) }))}>
                {PRESETS.map((p) => (
                  <option key={p} value={p}>
                    {t(`tournaments.create.presets.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {num('levelMinutes', t('tournaments.create.levelMinutes'))}
          {num('lateRegistrationLevels', t('tournaments.create.lateRegistration'), t('tournaments.create.lateHint', { n: structure.length }))}
          {num('timeBankSeconds', t('tournaments.create.timeBank'), t('tournaments.create.timeBankHint'))}
        </div>
        <details className="pit-form-details">
          <summary>{t('tournaments.create.structureSummary', { preset: t(`tournaments.create.presets.${form.preset}`), levels, count: structure.length - levels })}</summary>
          <table className="pit-table">
            <caption className="felt-visually-hidden">{t('tournaments.create.structure')}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('tournaments.create.blinds')}</th>
                <th scope="col">{t('tournaments.create.ante')}</th>
                <th scope="col">{t('tournaments.create.minutes')}</th>
              </tr>
            </thead>
            <tbody>
              {(() => {
                let n = 0;
                return structure.map((x, i) =>
                  x.type === 'level' ? (
                    <tr key={i}>
                      <th scope="row">{t('tournaments.create.levelNo', { n: ++n, item: i + 1 })}</th>
                      <td>{`${x.smallBlind}/${x.bigBlind}`}</td>
                      <td>{x.ante || '—'}</td>
                      <td>{x.durationMs / 60_000}</td>
                    </tr>
                  ) : (
                    <tr key={i}>
                      <th scope="row">{t('tournaments.create.breakNo', { item: i + 1 })}</th>
                      <td>—</td>
                      <td>—</td>
                      <td>{x.durationMs / 60_000}</td>
                    </tr>
                  ),
                );
              })()}
            </tbody>
          </table>
        </details>
        <fieldset className="pit-form-fieldset">
          <legend>{t('tournaments.create.reEntry')}</legend>
          <label className="pit-check">
            <input type="checkbox" checked={form.reEntry} onChange={(e) => set('reEntry', e.target.checked)} />
            {t('tournaments.create.reEntryAllowed')}
          </label>
          {form.reEntry ? (
            <div className="pit-form-grid">
              <Field id={idOf('reEntry')} label={t('tournaments.create.maxReEntries')} error={errorText('reEntry')}>
                {(a) => <input {...a} type="text" inputMode="numeric" autoComplete="off" value={form.maxReEntries} onChange={(e) => set('maxReEntries', e.target.value)} />}
              </Field>
              <Field id={`${idOf('reEntry')}-until`} label={t('tournaments.create.reEntryUntil')} hint={t('tournaments.create.reEntryUntilHint')} error={null}>
                {(a) => (
                  <input
                    {...a}
                    aria-invalid={errors.reEntry !== undefined}
                    aria-describedby={[errors.reEntry ? `${idOf('reEntry')}-err` : null, a['aria-describedby'] ?? null].filter((x) => x !== null).join(' ')}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={form.reEntryUntilLevel}
                    onChange={(e) => set('reEntryUntilLevel', e.target.value)}
                  />
                )}
              </Field>
            </div>
          ) : errors.reEntry ? (
            <p className="pit-field-error">{errorText('reEntry')}</p>
          ) : null}
        </fieldset>
        <div>
          <table className="pit-table" aria-describedby={errors.payoutTable ? `${idOf('payoutTable')}-err` : undefined}>
            <caption>{t('tournaments.create.payoutTable')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tournaments.create.entries')}</th>
                <th scope="col">{t('tournaments.create.prizes')}</th>
              </tr>
            </thead>
            <tbody>
              {payoutRows.map((r) => (
                <tr key={r.minEntries}>
                  <th scope="row">{r.maxEntries >= 10_000 ? `${r.minEntries}+` : `${r.minEntries}–${r.maxEntries}`}</th>
                  <td>{r.basisPoints.map((b) => `${b / 100} %`).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {errors.payoutTable ? (
            <p id={`${idOf('payoutTable')}-err`} className="pit-field-error">
              {errorText('payoutTable')}
            </p>
          ) : null}
        </div>
        <div className="pit-dialog-actions">
          <button type="button" className="felt-btn felt-btn-ghost" onClick={onClose}>
            {t('tournaments.create.close')}
          </button>
          <button type="submit" className="felt-btn">
            {t('tournaments.create.review')}
          </button>
        </div>
      </form>
    </section>
  );
}
