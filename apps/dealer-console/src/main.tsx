import { mountApp } from '@felt-studio/ui';
import { App } from './app/App';
import { dealerEn } from './i18n/dealer.en';
import { dealerSv } from './i18n/dealer.sv';
import { withGameStrings } from './app/games';
import './styles/dealer.css';

mountApp(<App />, { catalogues: { dealer: withGameStrings({ en: dealerEn, sv: dealerSv }) }, storageKey: 'felt.session.dealer' });
