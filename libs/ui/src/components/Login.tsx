import type { Role } from '@felt-studio/client-sdk';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session.js';
import { ErrorNotice, toRejection } from './ErrorNotice.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { DEMO_PEOPLE, type Rejection } from '@felt-studio/protocol';

export interface DemoUser {
  readonly username: string;
  readonly role: Role;
}

/** The demo studio's users (password "demo"): libs/protocol's one list. */
export const DEMO_USERS: readonly DemoUser[] = DEMO_PEOPLE;

export interface LoginScreenProps {
  /** The app's name under the brand ("Player", "Dealer console"…). */
  readonly appName: string;
  /** Roles this app is for; the demo buttons offer only these. */
  readonly roles: readonly Role[];
  readonly demoPassword?: string;
}

/** Sign-in form + one-tap demo users. */
export function LoginScreen({ appName, roles, demoPassword = 'demo' }: LoginScreenProps) {
  const { t } = useTranslation('common');
  const { login } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Rejection | null>(null);
  // Issue 22 §8: a staff account with TOTP answers TOTP_REQUIRED; the form then asks for the app's code.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');

  const go = async (u: string, p: string, totp?: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const user = await login(u, p, totp);
      if (!roles.includes(user.role)) setError({ code: 'FORBIDDEN', ruleId: null, message: t('login.wrongRole', { roles: roles.map((r) => t(`roles.${r}`)).join(', ') }) });
    } catch (e) {
      const r = toRejection(e);
      if (r.code === 'TOTP_REQUIRED') {
        setNeedsCode(true);
        setUsername(u);
        setPassword(p);
      } else setError(r);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void go(username.trim(), password, needsCode ? code.trim() : undefined);
  };
  const demo = DEMO_USERS.filter((u) => roles.includes(u.role));

  return (
    <main className="felt-login">
      <div className="felt-login-card">
        <div className="felt-login-brand">
          <span className="felt-logo" aria-hidden="true">
            ♠
          </span>
          <div>
            <h1>{t('brand')}</h1>
            <p className="felt-muted">{appName}</p>
          </div>
          <LanguageSwitch />
        </div>
        <h2>{t('login.title')}</h2>
        <form onSubmit={submit} className="felt-form">
          <label>
            {t('login.username')}
            <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
          </label>
          <label>
            {t('login.password')}
            <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          </label>
          {needsCode ? (
            <label>
              {t('login.totp')}
              <input name="totp" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} required autoFocus />
            </label>
          ) : null}
          <button type="submit" className="felt-btn felt-btn-primary" disabled={busy}>
            {busy ? t('login.busy') : t('login.submit')}
          </button>
        </form>
        <ErrorNotice error={error} onDismiss={() => setError(null)} />
        {demo.length > 0 ? (
          <section className="felt-demo-users" aria-labelledby="felt-demo-title">
            <h3 id="felt-demo-title">{t('login.demoUsers')}</h3>
            <p className="felt-muted">{t('login.demoHint')}</p>
            <div className="felt-demo-grid">
              {demo.map((u) => (
                <button key={u.username} type="button" className="felt-btn felt-btn-demo" disabled={busy} onClick={() => void go(u.username, demoPassword)}>
                  <span className="felt-visually-hidden">{t('login.signInAs', { name: '' }).trim()} </span>
                  <span className="felt-demo-name">{u.username}</span>
                  <span className="felt-demo-role">{t(`roles.${u.role}`)}</span>
                </button>
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </main>
  );
}
