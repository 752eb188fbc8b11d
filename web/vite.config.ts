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
    // A worker thread per core (vitest's default leaves one of two cores idle; threads start
    // lighter than forks: 120 s against 137). Files stay isolated: sharing one environment per
    // worker ran the suite in 40 s, but a file's imports could then arrive after its environment
    // was torn down (EnvironmentTeardownError).
    pool: 'threads',
    maxWorkers: '100%',
    // The UI libraries every file imports, pre-bundled into one module each: evaluating Chakra's
    // hundreds of modules again in every isolated file was most of the suite's time (setup 181 s
    // summed over files, 45 s bundled). Entry points that share state (swr and swr/infinite's
    // cache) must be bundled together, or a test's SWRConfig does not reach the second copy.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@chakra-ui/react',
            '@emotion/react',
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'react-router',
            'swr',
            'swr/infinite',
            'i18next',
            'react-i18next',
            '@testing-library/react',
          ],
        },
      },
    },
    // A hang detector, not a speed target: on two busy cores a whole-page test (find product, the
    // import editor) takes 6 s, over vitest's default 5 s.
    testTimeout: 20_000,
  },
});
