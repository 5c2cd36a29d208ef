import { mountApp } from '@felt/ui';
import { App } from './app/App';
import './styles/player.css';
import { playerEn } from './i18n/player.en';
import { playerSv } from './i18n/player.sv';

mountApp(<App />, { catalogues: { player: { en: playerEn, sv: playerSv } }, storageKey: 'felt.session.player' });
