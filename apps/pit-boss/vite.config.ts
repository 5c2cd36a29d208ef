import { defineConfig } from 'vite';
import { feltViteConfig } from '../../libs/ui/src/vite';

// Served by the studio server at /pit (production build) — `npm run dev` for hot reload.
export default defineConfig(feltViteConfig({ base: '/pit/', port: 5175 }));
