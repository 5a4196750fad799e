import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

import { CATEGORIES, LOCATIONS } from '../../shared/taxonomy';
import { BlogService } from '../blog/blog.service';
import { AppConfig } from '../config/app-config';
import { ToursService } from '../tours/tours.service';

const STATIC_PAGES = ['/', '/about/', '/tours/', '/faq/', '/blog/', '/contact/', '/privacy/'];

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

  /** Every page, tour and post, for search engines. */
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
    const urls = entries
      .map(({ path, lastmod }) => `  <url><loc>${xmlEscape(`${this.config.publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /checkout/',
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
