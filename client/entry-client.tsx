import './styles/global.css';

import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';

import { langOfPath } from '../shared/languages';
import { applyHead, resolveMeta } from './head';
import { CATALOGS, setBrowserStrings } from './i18n/catalogs';
import { LanguageProvider, translator } from './i18n/i18n';
import { createI18n } from './i18n/messages';
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
  // The page's language's strings only (a page in another language is a new page load).
  const lang = langOfPath(window.location.pathname);
  const { messages } = await CATALOGS[lang]();
  const i18n = createI18n(lang, messages);
  setBrowserStrings(i18n, lang);
  // A lazy page rendered by the server, with its own strings (both preloaded with the page).
  await resolveLazyMatches();
  const t = translator(i18n);
  // The server's router state (loader data, errors) comes as JSON: no refetch, and no inline script.
  const state = document.getElementById(ROUTER_STATE_ID)?.textContent;
  // Where createBrowserRouter looks for it (and revives the errors in it).
  if (state) (window as Window & { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(state);
  const router = createBrowserRouter(routes);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') applyHead(resolveMeta(state, t));
  });
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <LanguageProvider i18n={i18n}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </StrictMode>,
  );
}

void hydrate();
