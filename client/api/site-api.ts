import { httpSiteApi } from './http-site-api';
import type { LoaderContext, SiteApi } from '../../shared/api-types';

/** The API a loader should use: the server's in-process one when rendering there, else HTTP. */
export function siteApi(context: unknown): SiteApi {
  return (context as LoaderContext | undefined)?.api ?? httpSiteApi;
}
