import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { codeSplitting, firstLoad, loginShell, precompress } from './build-plugins';

const src = fileURLToPath(new URL('./src', import.meta.url));

// The API serves the built app in production; in development Vite serves it and forwards /api.
// Open http://demo.localhost:5173 (any `*.localhost` name resolves to this machine in Chromium).
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    firstLoad(loadEnv(mode, import.meta.dirname, 'VITE_').VITE_APP_BASE_HOST),
    loginShell(),
    precompress(),
  ],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    allowedHosts: ['.localhost'],
    proxy: {
      // The Host header is kept (no changeOrigin) so the API still reads the organisation subdomain.
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // Fewer, larger chunks (build-plugins.ts): a phone on HTTP/1.1 pays a round trip per few files.
    rolldownOptions: {
      output: { codeSplitting },
      // A feature's index.ts only re-exports its public face: importing one piece through it (the
      // entry takes the session check from features/auth) must not bring the feature's other screens.
      treeshake: {
        moduleSideEffects: (id: string) => !/src[\\/]features[\\/][\w-]+[\\/]index\.ts$/.test(id),
      },
    },
  },
}));
