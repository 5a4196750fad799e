import type { Request } from 'express';

/** What Express's router keeps of a route: its path and the methods it answers. */
interface RouteLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  match(path: string): unknown;
}

/**
 * The methods the app answers at a request's path, for a 405's `Allow` (HEAD with GET, as
 * Express answers it); none when no route has that path. The pages' catch-all route matches
 * every path and says nothing of one, so it is left out.
 */
export function allowedMethods(request: Request): string[] {
  const stack = (request.app as unknown as { router?: { stack?: RouteLayer[] } }).router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || String(layer.route.path).includes('*') || !layer.match(request.path)) continue;
    for (const [method, answers] of Object.entries(layer.route.methods)) if (answers && method !== '_all') methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
