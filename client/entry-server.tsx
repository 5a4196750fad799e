import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';

import type { RenderOptions, RenderResult } from './api/ssr-contract';
import { renderHeadTags, resolveMeta } from './head';
import { routes } from './routes';

const handler = createStaticHandler(routes);

const escapeUrl = (url: string): string => url.replace(/"/g, '%22').replace(/</g, '%3C');

/** Renders one page to a complete HTML document, or tells the server to redirect. */
export async function render(url: string, { api, nonce, publicUrl, assets }: RenderOptions): Promise<RenderResult> {
  const request = new Request(new URL(url, 'http://localhost'), { method: 'GET' });
  const context = await handler.query(request, { requestContext: { api } });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} nonce={nonce} />
    </StrictMode>,
  );
  const meta = resolveMeta(context);
  const head = [
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeUrl(href)}">`),
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeUrl(href)}">`),
    renderHeadTags(meta, publicUrl, nonce),
    assets.devHead ?? '',
  ].join('\n    ');
  const scripts = assets.scripts.map((src) => `<script type="module" src="${escapeUrl(src)}" nonce="${nonce}"></script>`).join('\n');
  const html = `<!doctype html>
<html lang="${meta.lang ?? 'en'}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#0b1d3a">
    <link rel="icon" href="/images/logo.svg" type="image/svg+xml">
    ${head}
  </head>
  <body>
    <div id="root">${body}</div>
    ${scripts}
  </body>
</html>`;
  return { kind: 'page', status: context.statusCode, html };
}
