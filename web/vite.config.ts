/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.DROPLINE_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/status': { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A worker per core (vitest's default leaves one of two cores idle). Files stay isolated:
    // sharing one environment per worker ran the suite in 40 s instead of 237, but a file's
    // imports could then arrive after its environment was torn down (EnvironmentTeardownError).
    maxWorkers: '100%',
    // A hang detector, not a speed target: on two busy cores a whole-page test (find product, the
    // import editor) takes 6 s, over vitest's default 5 s.
    testTimeout: 20_000,
  },
});
