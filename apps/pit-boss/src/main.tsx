import { mountApp, notifyOncePerFrame } from '@felt-studio/ui';
import { App } from './app/App';
import { pitEn } from './i18n/pit.en';
import { pitSv } from './i18n/pit.sv';
import { withGameStrings } from './app/games';
import './pit.css';

// the floor watches every table: the socket's frames since the last paint are one render (docs/testing.md "The pit floor's renderer")
notifyOncePerFrame();

mountApp(<App />, { catalogues: { pit: withGameStrings({ en: pitEn, sv: pitSv }) }, storageKey: 'felt.session.pit' });
