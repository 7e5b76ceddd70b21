import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { ROUTE_DATA } from './src/app/route-data';

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

/**
 * The module each lazily loaded page starts from, by the path the router gives it (src/app/router.tsx): every one. The build
 * writes `route-preloads.json`: per path, the page's script files the entry does not already hold, which the
 * gateway announces as `<link rel="modulepreload">` in the HTML it answers for that path, so the page's code
 * downloads beside the entry instead of after it has run. A module missing from the build fails it. A page's first API
 * read at an address (src/app/route-data.ts, a path or a path with its query string) ends that address's list; the
 * gateway announces it as a fetch preload for exactly that address.
 */
const ROUTE_MODULES: Record<string, string> = {
  '/podcast': 'src/app/routes/podcast.tsx',
  '/products': 'src/app/routes/products.tsx',
  // An item's page: the gateway matches `/products/{slug}` to this template (spa.ts).
  '/products/:slug': 'src/app/routes/item.tsx',
  '/services/:slug': 'src/app/routes/item.tsx',
  // An episode's page, `/podcast/{number}-{slug}`, most often opened from a shared link.
  '/podcast/:episode': 'src/app/routes/podcast-episode.tsx',
  '/marketshare': 'src/features/marketshare/components/marketshare-page.tsx',
  '/publishing': 'src/app/routes/publishing.tsx',
  '/contact': 'src/features/contact/components/contact-page.tsx',
  '/checkout': 'src/app/routes/checkout.tsx',
  '/checkout/success': 'src/app/routes/checkout.tsx',
  '/member-dashboard': 'src/features/member/components/member-dashboard.tsx',
  '/member-dashboard/invoices/:invoiceId': 'src/features/member/components/invoice-receipt-page.tsx',
  '/member-dashboard/statement': 'src/features/member/components/member-statement-page.tsx',
  '/prayer': 'src/features/prayer/components/prayer-wall-page.tsx',
  '/prayer/mine': 'src/features/prayer/components/own-prayer-requests-page.tsx',
  '/orders': 'src/features/orders/components/order-lookup-page.tsx',
  '/orders/:orderNumber': 'src/features/orders/components/order-status-page.tsx',
  '/verify-email': 'src/features/auth/components/verify-email-page.tsx',
  '/staff-invitation': 'src/features/staff/components/staff-invitation-page.tsx',
  '/admin': 'src/app/routes/admin.tsx',
  '/admin/earnings-statement': 'src/features/admin/components/admin-earnings-statement-page.tsx',
  '/privacy': 'src/app/routes/privacy.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/refunds': 'src/app/routes/refunds.tsx',
};

function routePreloads(): Plugin {
  return {
    name: 'km-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entryFiles = new Set<string>();
      const loadedWith = (fileName: string) => {
        if (entryFiles.has(fileName)) return;
        entryFiles.add(fileName);
        for (const next of (bundle[fileName] as { imports?: string[] }).imports ?? []) loadedWith(next);
      };
      for (const chunk of chunks) if (chunk.isEntry) loadedWith(chunk.fileName);
      const preloads: Record<string, string[]> = {};
      for (const [route, module] of Object.entries(ROUTE_MODULES)) {
        const id = fileURLToPath(new URL(module, import.meta.url));
        // A page whose chunk also holds modules another lazy chunk imports has no facade: it is the chunk holding it.
        const page =
          chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === id) ??
          chunks.find((chunk) => chunk.isDynamicEntry && chunk.moduleIds.includes(id));
        if (!page) this.error(`route-preloads: ${module} (for ${route}) is not a lazily loaded page of this build`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (entryFiles.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          for (const next of (bundle[fileName] as { imports?: string[] }).imports ?? []) visit(next);
        };
        visit(page.fileName);
        preloads[route] = [...files].map((file) => `/${file}`);
      }
      const scripts = { ...preloads };
      for (const [address, read] of Object.entries(ROUTE_DATA)) {
        const route = address.split('?')[0];
        if (!scripts[route]) this.error(`route-preloads: ${address} has a preloaded read but ${route} is not a lazily loaded page`);
        preloads[address] = [...scripts[route], read];
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 2) });
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies of every text asset above 1 KB, next to it: the gateway sends them as they are.
  plugins: [react(), tailwindcss(), routePreloads(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
