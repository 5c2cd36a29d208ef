import { defineConfig } from 'vite';
import { feltViteConfig } from '../../libs/ui/src/vite.ts';

// Served by the studio server at /play (production build) — `npm run dev` for hot reload.
export default defineConfig(feltViteConfig({ base: '/play/', port: 5173 }));
