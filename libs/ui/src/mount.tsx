import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { FeltQueryProvider, createQueryClient } from './data.js';
import { createI18n, type Catalogue } from './i18n/i18n.js';
import { SessionProvider } from './session.js';
import './styles/felt.css';

export interface MountOptions {
  /** The app's i18n namespaces (e.g. `{ player: { en, sv } }`); the first is the default namespace. */
  readonly catalogues: Readonly<Record<string, Catalogue>>;
  /** sessionStorage key of the JWT (one per app: a dealer and a player can sit in two tabs). */
  readonly storageKey: string;
  readonly element?: HTMLElement | null;
}

/** Providers every app needs: i18n, session (SDK), query cache fed by the socket. */
export function FeltProviders({ catalogues, storageKey, children }: Omit<MountOptions, 'element'> & { readonly children: ReactNode }) {
  const [i18n] = useState(() => createI18n(catalogues));
  const [qc] = useState(() => createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider storageKey={storageKey}>
        <FeltQueryProvider client={qc}>{children}</FeltQueryProvider>
      </SessionProvider>
    </I18nextProvider>
  );
}

/** Renders an app into `#root` with every provider (call once from the app's main.tsx). */
export function mountApp(app: ReactNode, opts: MountOptions): void {
  const el = opts.element ?? document.getElementById('root');
  if (!el) throw new Error('no #root element');
  createRoot(el).render(
    <StrictMode>
      <FeltProviders catalogues={opts.catalogues} storageKey={opts.storageKey}>
        {app}
      </FeltProviders>
    </StrictMode>,
  );
}
