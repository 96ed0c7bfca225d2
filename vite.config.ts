import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@core': r('./src/core'),
  '@contracts': r('./src/contracts'),
  '@web': r('./src/web'),
};

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? 3000}`,
      '/healthz': `http://localhost:${process.env.PORT ?? 3000}`,
      '/readyz': `http://localhost:${process.env.PORT ?? 3000}`,
    },
  },
});
