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
            { name: 'framework', priority: 3, test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/ },
            // The rest of what the entry imports statically (the API client, the session, class names…): all of it runs
            // before the first render too, so it comes in the entry's own file instead of a dozen small ones, each a
            // request on a phone's link (decision 014, «Before the first tap»).
            { name: 'index', priority: 2, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
