/**
 * Route metadata (TanStack `staticData`) that picks the page chrome:
 * 'Landing' gets the landing header and footer instead of the app shell,
 * 'Search' shows the events/mentors toggle on mobile too,
 * 'Standalone' gets no chrome of ours (pages with their own header and footer, e.g. the English landings).
 * Routes without a variant get the plain app shell.
 */
export type LayoutVariant = 'Landing' | 'Search' | 'Standalone';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    layout?: LayoutVariant;
  }
}
