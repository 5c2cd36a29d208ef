import type { Table } from '@felt-studio/client-sdk';
import { ErrorNotice, TableIdentity, TableMonitor, useLiveRound, useLocale, useTable } from '@felt-studio/ui';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useClearOutlived, useDealerActions, type DealerAction } from '../hooks/useDealerActions';
import { useDevices, usePending } from '../hooks/useDealerData';
import { controlsFor, deriveRound, isGameId, manualSpinCommand, roundOver, type GameId } from '../model/round';
import { Controls, type DialogKind } from './Controls';
import { DevicePanel } from './DevicePanel';
import { DuePanel } from './DuePanel';
import { ManualCardDialog } from './ManualCardDialog';
import { ManualDiceDialog, ManualNumberDialog } from './ManualResultDialog';
import { PendingPanel } from './PendingPanel';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ConsoleColumn } from '../../../components/ConsoleColumn';
import { SpecialBanner } from './SpecialBanner';
import { StatusBoard } from './StatusBoard';
import { TablePanel } from './TablePanel';
import { ChatTipsPanel } from './ChatTipsPanel';

const DONE_KEY: Readonly<Record<DealerAction['type'], string>> = {
  open: 'dialog.opened',
  close: 'dialog.closed',
  void: 'dialog.voidSent',
  pitboss: 'dialog.pitBossSent',
  manual: 'dialog.manualSent',
  'manual-result': 'dialog.manualResultSent',
  'no-spin': 'dialog.noSpinSent',
  'cut-card': 'dialog.cutCardSent',
  throw: 'dialog.throwSent',
  judge: 'dialog.judgeSent',
};

/** The three-column console (tablet landscape and wider; dealer.css's `min-width: 1101px`). */
const WIDE = '(min-width: 1101px)';
const subscribeWide = (cb: () => void): (() => void) => {
  const m = globalThis.matchMedia?.(WIDE);
  m?.addEventListener('change', cb);
  return () => m?.removeEventListener('change', cb);
};
const isWide = (): boolean => globalThis.matchMedia?.(WIDE).matches ?? false;

/** The console for one table: status, what is on the table, what is due, controls, devices. */
export function ConsoleScreen({ tableId, onChangeTable }: { readonly tableId: string; readonly onChangeTable: () => void }) {
  const { t } = useTranslation('dealer');
  const table = useTable(tableId);
  if (table.isError) {
    return (
      <main className="dc-main dc-center">
        <p>{t('console.notFound')}</p>
        <button type="button" className="felt-btn felt-btn-lg" onClick={onChangeTable}>
          {t('console.changeTable')}
        </button>
      </main>
    );
  }
  if (!table.data) return <main className="dc-main dc-center">{t('console.loading')}</main>;
  return <TableConsole table={table.data} onChangeTable={onChangeTable} />;
}

/** A game this console has no screen for: said plainly (never another game's controls). */
export function UnsupportedGame({ table, onChangeTable }: { readonly table: Table; readonly onChangeTable: () => void }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  return (
    <main className="dc-main">
      <div className="dc-topbar">
        <TableIdentity table={table} roundId={null} locale={locale} />
        <button type="button" className="felt-btn felt-btn-ghost dc-change" onClick={onChangeTable}>
          {t('console.changeTable')}
        </button>
      </div>
      <section className="dc-banner dc-unsupported" role="alert">
        <h2>{t('console.unsupportedTitle', { game: tc(`games.${table.game}`, { defaultValue: table.game }) })}</h2>
        <p>{t('console.unsupported')}</p>
      </section>
    </main>
  );
}

/** The console of a table whose game this console knows; any other game gets a plain "not supported" (never another game's controls). */
export function TableConsole({ table, onChangeTable }: { readonly table: Table; readonly onChangeTable: () => void }) {
  return isGameId(table.game) ? <GameConsole table={table} game={table.game} onChangeTable={onChangeTable} /> : <UnsupportedGame table={table} onChangeTable={onChangeTable} />;
}

function GameConsole({ table, game, onChangeTable }: { readonly table: Table; readonly game: GameId; readonly onChangeTable: () => void }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const live = useLiveRound(table.tableId);
  const devices = useDevices(table.tableId);
  const pending = usePending(table.tableId);
  const actions = useDealerActions(table.tableId);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  /** The manual-entry command chosen when the dialog opened (the phase may move on while the dealer picks). */
  const [manualCommand, setManualCommand] = useState<'EnterManualCard' | 'RecordCard'>('RecordCard');

  // Issue 20 (the screenshot review): on a 1280×800 tablet the console ran ~190 px past the screen. In three
  // columns the chat sits under the round's status (the left column had room to spare) and the tips under what
  // is due; narrower, both stay under what is due (the phone's order in dealer.css).
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  const round = deriveRound(game, live.data?.roundId ?? null, live.data?.view);
  const pendingList = pending.data ?? [];
  const voidPending = !roundOver(round.phase) && pendingList.some((p) => p.kind === 'void' && p.roundId === round.roundId);
  const controls = controlsFor(round, { tableOpen: table.status === 'open', voidPending });
  // issue 20 defect 9: a toast or error about the round is dismissed once the round is void / settled or the next opens
  useClearOutlived(round, actions.clear);

  const submit = async (a: DealerAction): Promise<void> => {
    if (await actions.run(a)) setDialog(null);
  };
  const closeDialog = (): void => {
    actions.clear();
    setDialog(null);
  };
  const presets = (group: string, keys: readonly string[]): string[] => keys.map((k) => t(`dialog.${group}.${k}`));

  return (
    <main className="dc-main">
      <div className="dc-topbar">
        <TableIdentity table={table} roundId={round.roundId} locale={locale} />
        <button type="button" className="felt-btn felt-btn-ghost dc-change" onClick={onChangeTable}>
          {t('console.changeTable')}
        </button>
      </div>
      {table.status !== 'open' ? (
        <p className="dc-banner" role="status">
          {t('console.tableNotOpen', { status: tc(`tableStatus.${table.status}`) })}
        </p>
      ) : null}
      <div className="dc-grid">
        {wide ? (
          <ConsoleColumn className="dc-left" label={t('console.columnStatus')}>
            <StatusBoard table={table} round={round} />
            <ChatTipsPanel table={table} part="chat" />
          </ConsoleColumn>
        ) : (
          <StatusBoard table={table} round={round} />
        )}
        <ConsoleColumn className="dc-centre" label={t('console.columnTable')}>
          <SpecialBanner special={round.special} />
          <TablePanel round={round} />
          <DuePanel next={live.data?.next ?? []} round={round} autoCadence={table.cadence.auto} />
          {/* the chat and the tips under what is due: in the side column they ran a tablet's console past the screen's bottom */}
          <ChatTipsPanel table={table} part={wide ? 'tips' : 'both'} />
        </ConsoleColumn>
        <ConsoleColumn className="dc-side" label={t('console.columnActions')}>
          <Controls controls={controls} autoCadence={table.cadence.auto} busy={actions.busy} onAction={(a) => void submit(a)} onDialog={(d) => {
              actions.clear();
              if (d === 'manual') setManualCommand(controls.manualCard ?? 'RecordCard');
              setDialog(d);
            }} />
          {actions.done && dialog === null ? (
            <p className="felt-toast dc-toast" role="status">
              {t(DONE_KEY[actions.done])}
            </p>
          ) : null}
          {dialog === null ? <ErrorNotice error={actions.error} currency={table.currency} onDismiss={actions.clear} /> : null}
          <PendingPanel pending={pendingList} roundId={round.roundId} phase={round.phase} />
          <section className="dc-camera" aria-labelledby="dc-camera-title">
            <h2 id="dc-camera-title" className="dc-section-title">
              {t('console.camera')}
            </h2>
            <TableMonitor tableId={table.tableId} name={table.name} />
          </section>
          <DevicePanel table={table} health={devices.data} failed={devices.isError} />
        </ConsoleColumn>
      </div>
      {dialog === 'void' ? (
        <ReasonDialog
          title={t('dialog.voidTitle')}
          intro={t('dialog.voidIntro')}
          submitLabel={t('dialog.voidSubmit')}
          presets={presets('voidReasons', game === 'roulette' ? ['deviceFault', 'ballOff', 'camera'] : ['deviceFault', 'misdeal', 'camera'])}
          otherLabel={t('dialog.voidReasons.other')}
          danger
          busy={actions.busy === 'void'}
          error={actions.error}
          onSubmit={(reason) => void submit({ type: 'void', reason })}
          onClose={closeDialog}
        />
      ) : null}
      {dialog === 'pitboss' ? (
        <ReasonDialog
          title={t('dialog.pitBossTitle')}
          intro={t('dialog.pitBossIntro')}
          submitLabel={t('dialog.pitBossSubmit')}
          presets={presets('pitBossReasons', ['assistance', 'dispute', 'device', 'shuffle'])}
          otherLabel={t('dialog.pitBossReasons.other')}
          busy={actions.busy === 'pitboss'}
          error={actions.error}
          onSubmit={(reason) => void submit({ type: 'pitboss', reason })}
          onClose={closeDialog}
        />
      ) : null}
      {dialog === 'no-spin' ? (
        <ReasonDialog
          title={t('dialog.noSpinTitle')}
          intro={t('dialog.noSpinIntro')}
          submitLabel={t('dialog.noSpinSubmit')}
          presets={presets('noSpinReasons', ['fewRevolutions', 'sameDirection', 'ballOff'])}
          otherLabel={t('dialog.noSpinReasons.other')}
          busy={actions.busy === 'no-spin'}
          error={actions.error}
          onSubmit={(reason) => void submit({ type: 'no-spin', reason })}
          onClose={closeDialog}
        />
      ) : null}
      {dialog === 'manual' ? (
        <ManualCardDialog busy={actions.busy === 'manual'} error={actions.error} onSubmit={(card) => void submit({ type: 'manual', command: manualCommand, card, reason: t('dialog.manualReason') })} onClose={closeDialog} />
      ) : null}
      {dialog === 'manual-number' ? (
        <ManualNumberDialog
          busy={actions.busy === 'manual-result'}
          error={actions.error}
          onSubmit={(seen) => void submit({ type: 'manual-result', command: manualSpinCommand(round, seen), reason: t('dialog.numberReason') })}
          onClose={closeDialog}
        />
      ) : null}
      {dialog === 'manual-dice' ? (
        <ManualDiceDialog busy={actions.busy === 'manual-result'} error={actions.error} onSubmit={(dice) => void submit({ type: 'manual-result', command: { type: 'RecordDiceResult', dice }, reason: t('dialog.diceReason') })} onClose={closeDialog} />
      ) : null}
    </main>
  );
}
