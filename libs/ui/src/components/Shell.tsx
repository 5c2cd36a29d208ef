import type { Role } from '@felt-studio/client-sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LoginScreen } from './Login.js';

export function ConnectionBadge() {
  const { t } = useTranslation('common');
  const { connected, rt } = useSession();
  if (!rt) return null;
  return (
    <span className={connected ? 'felt-conn is-online' : 'felt-conn is-offline'} role="status">
      <span className="felt-conn-dot" aria-hidden="true" />
      {connected ? t('connection.online') : t('connection.offline')}
    </span>
  );
}

export interface AppShellProps {
  readonly appName: string;
  readonly children: ReactNode;
  /** Extra header content (balance, table picker). */
  readonly headerExtra?: ReactNode;
  /** Brand click (e.g. back to the lobby). */
  readonly onHome?: () => void;
}

/** Header (brand, app, connection, language, user, sign out) + main area. */
export function AppShell({ appName, children, headerExtra, onHome }: AppShellProps) {
  const { t } = useTranslation('common');
  const { user, logout } = useSession();
  return (
    <div className="felt-app">
      <header className="felt-header">
        <button type="button" className="felt-brand" onClick={onHome}>
          <span className="felt-logo" aria-hidden="true">
            ♠
          </span>
          <span className="felt-brand-name">{t('brand')}</span>
          <span className="felt-brand-app">{appName}</span>
        </button>
        <div className="felt-header-extra">{headerExtra}</div>
        <div className="felt-header-right">
          <ConnectionBadge />
          <LanguageSwitch />
          {user ? (
            <span className="felt-user" title={t(`roles.${user.role}`)}>
              {user.name}
            </span>
          ) : null}
          {user ? (
            <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={logout}>
              {t('logout')}
            </button>
          ) : null}
        </div>
      </header>
      {children}
    </div>
  );
}

/** Shows the login screen until a user with one of `roles` is signed in. */
export function RequireRole({ roles, appName, children }: { readonly roles: readonly Role[]; readonly appName: string; readonly children: ReactNode }) {
  const { user, restoring } = useSession();
  const { t } = useTranslation('common');
  if (restoring) return <p className="felt-center felt-muted">{t('loading')}</p>;
  if (!user || !roles.includes(user.role)) return <LoginScreen appName={appName} roles={roles} />;
  return <>{children}</>;
}
