import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The admin is built into dist/ and served by the API server (src/server/app.ts).
// In development `npm run dev:admin` proxies /api to a server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
});
