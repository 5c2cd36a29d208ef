import './games'; // registers the game plugins (round/plugins) before any screen asks
import { AppShell, RequireRole } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { Route, Router, Switch, useLocation } from 'wouter';
import { ConsoleScreen } from '../features/console/components/ConsoleScreen';
import { PokerConsole } from '../features/poker/components/PokerConsole';
import { TablePicker } from '../features/tables/components/TablePicker';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

function Routes() {
  const { t } = useTranslation('dealer');
  const [, navigate] = useLocation();
  return (
    <AppShell appName={t('appName')} onHome={() => navigate('/')}>
      <Switch>
        <Route path="/tables/:tableId">{(p) => <ConsoleScreen tableId={decodeURIComponent(p.tableId)} onChangeTable={() => navigate('/')} />}</Route>
        <Route path="/poker/:tableId">{(p) => <PokerConsole tableId={decodeURIComponent(p.tableId)} onChangeTable={() => navigate('/')} />}</Route>
        <Route>
          <TablePicker onPick={(table) => navigate(`/tables/${encodeURIComponent(table.tableId)}`)} onPickPoker={(table) => navigate(`/poker/${encodeURIComponent(table.tableId)}`)} />
        </Route>
      </Switch>
    </AppShell>
  );
}

/** The dealer console (tablet, landscape, touch): sign in as a dealer, pick the table, run it. */
export function App() {
  const { t } = useTranslation('dealer');
  return (
    <RequireRole roles={['dealer']} appName={t('appName')}>
      <Router base={BASE}>
        <Routes />
      </Router>
    </RequireRole>
  );
}
