/**
 * `/api/events/GetEvent?id=7` → `/api/events/GetEvent/?id=7`: the path gets the spec's trailing slash, the query
 * stays. hc writes a route's path as the Worker declares it; the spec spells its paths with the slash.
 */
export function withTrailingSlash(path: string): string {
  const queryAt = path.search(/[?#]/);
  const pathname = queryAt < 0 ? path : path.slice(0, queryAt);
  return pathname.endsWith('/') ? path : `${pathname}/${path.slice(pathname.length)}`;
}
