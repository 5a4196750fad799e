import { Global, Module } from '@nestjs/common';

import { CatalogueCache } from './catalogue-cache';
import { ContentChanges } from './content-changes';
import { ResponseCache } from './response-cache';

/** What the site shows, cached: whole answers, catalogue reads, and the change notices that empty both. */
@Global()
@Module({
  providers: [ContentChanges, ResponseCache, CatalogueCache],
  exports: [ContentChanges, ResponseCache, CatalogueCache],
})
export class CacheModule {}
