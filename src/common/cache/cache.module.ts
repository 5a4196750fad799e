import { Global, Module } from '@nestjs/common';

import { ContentChanges } from './content-changes';
import { ResponseCache } from './response-cache';

/** What the site shows, cached: the response cache and the change notices that empty it. */
@Global()
@Module({
  providers: [ContentChanges, ResponseCache],
  exports: [ContentChanges, ResponseCache],
})
export class CacheModule {}
