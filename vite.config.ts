import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: dir('./src/web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': dir('./src/common'),
      '@web': dir('./src/web'),
    },
  },
  build: {
    outDir: dir('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // The benchmark reads it to tell which chunks each route loads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? '3001'}` } },
  },
});
