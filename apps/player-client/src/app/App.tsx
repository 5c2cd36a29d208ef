import { AppShell, Money, RequireRole, useWallet } from '@felt-studio/ui';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { History } from '../features/history/components/History';
import { Lobby } from '../features/lobby/components/Lobby';
import { playerPlugin } from './games';
import { prefetchGames, TableView } from './TableView';

// Live poker (issue 11) is its own lazy chunk: the lobby's first paint never waits for it.
const PokerTableScreen = lazy(() => import('../features/poker-table/components/PokerTableScreen'));
// A tournament table (issue 24, TRN-PLAY): the poker table's components, its own lazy chunk.
const TournamentTableScreen = lazy(() => import('../features/poker-table/components/TournamentTableScreen'));

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

function Nav() {
  const { t } = useTranslation('player');
  const wallet = useWallet();
  const [loc] = useLocation();
  return (
    <nav className="player-nav" aria-label={t('nav.label')}>
      <Link href="/" className={loc === '/' ? 'nav-link is-active' : 'nav-link'}>
        {t('nav.lobby')}
      </Link>
      <Link href="/history" className={loc === '/history' ? 'nav-link is-active' : 'nav-link'}>
        {t('nav.history')}
      </Link>
      {/* On a table page its own header shows the balance: never a second one (issue 20 defect 11). */}
      {wallet.data && !loc.startsWith('/table/') ? (
        <span className="nav-balance" aria-label={t('common:balance')}>
          <Money minor={wallet.data.balanceMinor} currency={wallet.data.currency} />
        </span>
      ) : null}
    </nav>
  );
}

function Routes() {
  const { t } = useTranslation('player');
  const [, navigate] = useLocation();
  return (
    <AppShell appName={t('appName')} onHome={() => navigate('/')} headerExtra={<Nav />}>
      <Switch>
        <Route path="/">
          <Lobby prefetch={prefetchGames} pluginOf={playerPlugin} />
        </Route>
        <Route path="/history">
          <History />
        </Route>
        <Route path="/table/:id">{(p) => <TableView tableId={p.id} />}</Route>
        <Route path="/poker/:tableId">
          {(p) => (
            <Suspense fallback={<p className="felt-center felt-muted">{t('common:loading')}</p>}>
              <PokerTableScreen tableId={decodeURIComponent(p.tableId)} />
            </Suspense>
          )}
        </Route>
        <Route path="/tournament/:id">
          {(p) => (
            <Suspense fallback={<p className="felt-center felt-muted">{t('common:loading')}</p>}>
              <TournamentTableScreen tournamentId={decodeURIComponent(p.id)} />
            </Suspense>
          )}
        </Route>
      </Switch>
    </AppShell>
  );
}

export function App() {
  const { t } = useTranslation('player');
  return (
    <RequireRole roles={['player']} appName={t('appName')}>
      <Router base={BASE}>
        <Routes />
      </Router>
    </RequireRole>
  );
}
