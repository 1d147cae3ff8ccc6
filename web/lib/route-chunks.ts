// A page's code comes in its own file (the router plugin's automatic code splitting). Loading it can fail (a new
// release replaced the file, the connection dropped) or stall; spec 002 §9 gives the load 120 s. Either way the
// page asks for a reload (web/components/chunk-error-page.tsx) instead of an error 500 or a skeleton for ever.
import type { AnyRouter } from '@tanstack/react-router';

export const CHUNK_TIMEOUT_MS = 120_000;

/** A page's code that did not arrive in time. */
export class ChunkLoadError extends Error {
  constructor(message = 'the page code did not load in time') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

// What browsers and Vite say when a dynamic import fails: Chrome, Firefox, Safari, and Vite's CSS preload.
const failedImport = /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/;

/** Whether an error means the page's code could not be loaded (a reload fixes it), not a fault in the page. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && failedImport.test(error.message);
}

/** The load, failing with ChunkLoadError when it has not settled within `ms`. */
export function withChunkDeadline<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError()), ms);
    });
    return Promise.race([load(), expired]).finally(() => clearTimeout(timer));
  };
}

const componentTypes = ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent'] as const;

type Preloadable = { preload?: () => Promise<unknown> };

/**
 * Puts the deadline on every lazily loaded part of the router's routes: the split components' `preload` (which the
 * router awaits before it renders a page) and a route's lazy options. A load that misses it fails the page's match,
 * and the root's error boundary shows the reload page.
 */
export function guardRouteChunks(router: AnyRouter, ms = CHUNK_TIMEOUT_MS): void {
  for (const route of Object.values(router.routesById) as AnyRouter['routesById'][string][]) {
    if (route.lazyFn) route.lazyFn = withChunkDeadline(route.lazyFn, ms);
    for (const type of componentTypes) {
      const component = route.options[type] as Preloadable | undefined;
      // lazyRouteComponent clears `preload` once its code is in, which drops this wrapper with it
      if (component?.preload) component.preload = withChunkDeadline(component.preload, ms);
    }
  }
}
