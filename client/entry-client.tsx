import './styles/global.css';

import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';

import { applyHead, resolveMeta } from './head';
import { routes } from './routes';
import { ROUTER_STATE_ID } from './shared/router-state';

/** Lazy routes the server rendered must be loaded before hydrating, or React would see a mismatch. */
async function resolveLazyMatches(): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

async function hydrate(): Promise<void> {
  await resolveLazyMatches();
  // The server's router state (loader data, errors) comes as JSON: no refetch, and no inline script.
  const state = document.getElementById(ROUTER_STATE_ID)?.textContent;
  // Where createBrowserRouter looks for it (and revives the errors in it).
  if (state) (window as Window & { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(state);
  const router = createBrowserRouter(routes);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') applyHead(resolveMeta(state));
  });
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void hydrate();
