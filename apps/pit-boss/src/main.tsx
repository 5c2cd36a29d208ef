import { mountApp } from '@felt-studio/ui';
import { App } from './app/App';
import { pitEn } from './i18n/pit.en';
import { pitSv } from './i18n/pit.sv';
import { withGameStrings } from './app/games';
import './pit.css';

mountApp(<App />, { catalogues: { pit: withGameStrings({ en: pitEn, sv: pitSv }) }, storageKey: 'felt.session.pit' });
