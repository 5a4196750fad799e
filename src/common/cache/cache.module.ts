import { Global, Module } from '@nestjs/common';

import { CatalogueCache } from './catalogue-cache';
import { ContentChanges } from './content-changes';
import { PageCompressor } from './page-compressor';
import { ResponseCache } from './response-cache';

/** What the site shows, cached: whole answers (and the worker that compresses them), catalogue reads, and the change notices that empty both. */
@Global()
@Module({
  providers: [ContentChanges, ResponseCache, CatalogueCache, { provide: PageCompressor, useFactory: () => new PageCompressor() }],
  exports: [ContentChanges, ResponseCache, CatalogueCache, PageCompressor],
})
export class CacheModule {}
