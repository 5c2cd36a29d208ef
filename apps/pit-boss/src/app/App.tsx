import './games'; // registers the game plugins (lib/plugins) before any screen asks
import { AppShell, RequireRole } from '@felt-studio/ui';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgedAlerts, activityFeed, openAlerts } from '../data/alerts.model';
import { useAcks } from '../features/alerts/useAcks';
import { AuditScreen } from '../features/audit/AuditScreen';
import { TipsScreen } from '../features/tips/TipsScreen';
import { TournamentDetailScreen } from '../features/tournaments/TournamentDetailScreen';
import { TournamentsScreen } from '../features/tournaments/TournamentsScreen';
import { FloorScreen } from './FloorScreen';
import { TableScreen } from './TableScreen';
import { useAlertsFeed, useFloor } from '../data/usePitData';
import { PokerTableScreen } from '../features/poker/PokerTableScreen';
import { RoundDetailScreen } from '../features/rounds/RoundDetailScreen';
import { RoundsScreen } from '../features/rounds/RoundsScreen';
import { hrefOf, navigate, useRoute, type Route } from '../lib/router';

// The chart library loads only when the charts screen opens.
const ChartsScreen = lazy(() => import('../features/charts/ChartsScreen'));
const IntegrityScreen = lazy(() => import('../features/integrity/IntegrityScreen'));

const SOUND_KEY = 'felt.pit.sound';

function Nav({ route, alertCount }: { readonly route: Route; readonly alertCount: number }) {
  const { t } = useTranslation('pit');
  const items: readonly { readonly r: Route; readonly label: string; readonly active: boolean }[] = [
    { r: { name: 'floor' }, label: t('nav.floor'), active: route.name === 'floor' || route.name === 'table' || route.name === 'poker' },
    { r: { name: 'rounds', query: new URLSearchParams() }, label: t('nav.rounds'), active: route.name === 'rounds' || route.name === 'round' },
    { r: { name: 'charts' }, label: t('nav.charts'), active: route.name === 'charts' },
    { r: { name: 'integrity' }, label: t('nav.integrity'), active: route.name === 'integrity' },
    { r: { name: 'tips' }, label: t('tips.nav'), active: route.name === 'tips' },
    { r: { name: 'tournaments' }, label: t('tournaments.nav'), active: route.name === 'tournaments' || route.name === 'tournament' },
    { r: { name: 'audit' }, label: t('nav.audit'), active: route.name === 'audit' },
  ];
  return (
    <nav aria-label={t('nav.label')} className="pit-nav">
      {items.map((i) => (
        <a key={i.r.name} href={hrefOf(i.r)} aria-current={i.active ? 'page' : undefined} className={i.active ? 'is-active' : undefined}>
          {i.label}
          {i.r.name === 'floor' && alertCount > 0 ? <span className="pit-badge">{alertCount}</span> : null}
        </a>
      ))}
    </nav>
  );
}

function Dashboard() {
  const { t } = useTranslation('pit');
  const route = useRoute();
  const [soundOn, setSoundOn] = useState(() => globalThis.localStorage?.getItem(SOUND_KEY) !== 'off');
  const toggleSound = useCallback(() => {
    setSoundOn((s) => {
      globalThis.localStorage?.setItem(SOUND_KEY, s ? 'off' : 'on');
      return !s;
    });
  }, []);
  const { ack } = useAcks();
  const alertsQ = useAlertsFeed(soundOn);
  // the alert lists change with the alerts, not with every round frame: the alerts panel (memo) renders only then
  const all = alertsQ.data;
  const open = useMemo(() => openAlerts(all ?? []), [all]);
  const acknowledged = useMemo(() => acknowledgedAlerts(all ?? []), [all]);
  const activity = useMemo(() => activityFeed(all ?? []), [all]);
  const floor = useFloor(open);
  const tableName = useCallback((id: string | null): string => (id === null ? t('alerts.title') : (floor.tables.find((x) => x.tableId === id)?.name ?? id)), [t, floor.tables]);

  let screen;
  switch (route.name) {
    case 'floor':
      screen = <FloorScreen tiles={floor.tiles} alerts={open} acknowledged={acknowledged} activity={activity} onAck={ack} soundOn={soundOn} onToggleSound={toggleSound} tableName={tableName} />;
      break;
    case 'table':
      screen = <TableScreen tile={floor.tiles.find((x) => x.table.tableId === route.tableId)} />;
      break;
    case 'poker':
      screen = <PokerTableScreen tableId={route.tableId} />;
      break;
    case 'rounds':
      screen = <RoundsScreen key={route.query.toString()} query={route.query} tables={floor.tables} />;
      break;
    case 'round':
      screen = <RoundDetailScreen roundId={route.roundId} tables={floor.tables} />;
      break;
    case 'charts':
      screen = (
        <Suspense fallback={<p className="felt-center felt-muted">{t('charts.loading')}</p>}>
          <ChartsScreen tables={floor.tables} alerts={alertsQ.data ?? []} />
        </Suspense>
      );
      break;
    case 'integrity':
      screen = (
        <Suspense fallback={<p className="felt-center felt-muted">{t('charts.loading')}</p>}>
          <IntegrityScreen tables={floor.tables} />
        </Suspense>
      );
      break;
    case 'audit':
      screen = <AuditScreen />;
      break;
    case 'tips':
      screen = <TipsScreen tables={floor.tables} />;
      break;
    case 'tournaments':
      screen = <TournamentsScreen />;
      break;
    case 'tournament':
      screen = <TournamentDetailScreen key={route.tournamentId} tournamentId={route.tournamentId} />;
      break;
  }
  return (
    <AppShell appName={t('appName')} onHome={() => navigate({ name: 'floor' })} headerExtra={<Nav route={route} alertCount={open.length} />}>
      <main className="pit-main">{screen}</main>
    </AppShell>
  );
}

export function App() {
  const { t } = useTranslation('pit');
  return (
    <RequireRole roles={['pitboss']} appName={t('appName')}>
      <Dashboard />
    </RequireRole>
  );
}
