import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

const gateway = 'http://127.0.0.1:3000';

// The gateway refuses unsafe requests whose Origin is not its own. In development the page comes from the
// Vite server, so the proxy presents the gateway's origin instead; production serves both from the gateway.
const toGateway: ProxyOptions = {
  target: gateway,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on('proxyReq', (proxyReq) => {
      if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', gateway);
    });
  },
};

export default defineConfig({
  // Brotli and gzip copies of every text asset above 1 KB, next to it: the gateway sends them as they are.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // @km/contracts is a linked CommonJS workspace package: Vite converts only node_modules by default (see Vite's
  // "Monorepos and Linked Dependencies"). The web imports only its zod-free /vocabulary entry.
  optimizeDeps: { include: ['@km/contracts/vocabulary'] },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, commonjsOptions: { include: [/libs[\\/]contracts[\\/]dist/, /node_modules/] } },
  server: {
    proxy: { '/api': toGateway, '/media': toGateway, '/feeds': toGateway },
  },
});
