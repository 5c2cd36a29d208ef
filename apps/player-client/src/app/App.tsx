import { AppShell, RequireRole } from '@felt/ui';
import { useTranslation } from 'react-i18next';
import { Route, Router, Switch, useLocation } from 'wouter';
import { Lobby } from '../features/lobby/components/Lobby';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

function Routes() {
  const { t } = useTranslation('player');
  const [, navigate] = useLocation();
  return (
    <AppShell appName={t('appName')} onHome={() => navigate('/')}>
      <Switch>
        <Route path="/">
          <Lobby />
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
