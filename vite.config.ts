import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tailwindcss from '@tailwindcss/vite';
import { routePreloads } from './scripts/vite-route-preloads.ts';

export default defineConfig({
  plugins: [
    // must come before react()
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './web/routes',
      generatedRouteTree: './web/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    routePreloads(),
    // runs worker/index.ts (from wrangler.toml) inside workerd, in the same dev server
    cloudflare(),
  ],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 8787),
    strictPort: true,
    // the test and bench builds and the local databases live in .data: a test run beside `npm run dev` must not reload
    // the pages open in it (it did, on every build the e2e tests made)
    watch: { ignored: ['**/.data/**', '**/.wrangler/**'] },
  },
  build: {
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, the router and the query cache: every page needs all of them before its first render, so they
            // come as one file instead of the dozen small shared chunks the automatic split makes of them.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
});
