import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases.ts';

const server = process.env.MINDGAUGE_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: preactAliases },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Lets bench/test-flow.ts add up what each screen loads first.
    manifest: true,
    // One chunk per locale and per route keeps the first load small.
    chunkSizeWarningLimit: 300,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/api-pay', '/dev', '/healthz'].map((p) => [p, server])),
  },
});
