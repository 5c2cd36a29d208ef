import { mountApp } from '@felt-studio/ui';
import { App } from './app/App';
import './styles/player.css';
import { playerEn } from './i18n/player.en';
import { playerSv } from './i18n/player.sv';
import { withGameStrings } from './app/games';

mountApp(<App />, { catalogues: { player: withGameStrings({ en: playerEn, sv: playerSv }) }, storageKey: 'felt.session.player' });
