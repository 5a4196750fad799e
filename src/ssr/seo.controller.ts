import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

import { LANGUAGES, localizedPath } from '../../shared/languages';
import { CATEGORIES, LOCATIONS } from '../../shared/taxonomy';
import { BlogService } from '../blog/blog.service';
import { AppConfig } from '../config/app-config';
import { ToursService } from '../tours/tours.service';

const STATIC_PAGES = ['/', '/about/', '/tours/', '/faq/', '/blog/', '/contact/', '/privacy/', '/gift-cards/'];

const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(
    private readonly config: AppConfig,
    private readonly tours: ToursService,
    private readonly blog: BlogService,
  ) {}

  /** Every page, tour and post in every language, each with its alternates in the others (and English as x-default), for search engines. */
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  async sitemap(): Promise<string> {
    const [tours, posts] = await Promise.all([this.tours.list(), this.blog.list()]);
    const entries: { path: string; lastmod?: string }[] = [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...LOCATIONS.map((location) => ({ path: `/tours/?location=${location.name}` })),
      ...CATEGORIES.map((category) => ({ path: `/tours/${category.slug}/` })),
      ...tours.map((tour) => ({ path: `/tours/${tour.slug}/` })),
      ...posts.map((post) => ({ path: `/blog/${post.slug}/`, lastmod: post.created_at.slice(0, 10) })),
    ];
    const address = (path: string) => xmlEscape(`${this.config.publicUrl}${path}`);
    const urls = entries.flatMap(({ path, lastmod }) => {
      const alternates = [...LANGUAGES.map((lang) => [lang, localizedPath(lang, path)]), ['x-default', path]]
        .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${address(href)}"/>`)
        .join('');
      return LANGUAGES.map((lang) => `  <url><loc>${address(localizedPath(lang, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`);
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...LANGUAGES.map((lang) => `Disallow: ${localizedPath(lang, '/checkout/')}`),
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
