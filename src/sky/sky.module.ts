import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { SkyFeed } from './sky-feed.entity';
import { SkyFetcher } from './sky-fetcher.service';
import { SkyHttp } from './sky-http';
import { SkyOutlooks } from './sky-outlooks.service';
import { SkyWorker } from './sky.worker';

/** The sky over the tours: the sources' feeds, fetched in the background, and the evening outlook made from them. */
@Module({
  imports: [TypeOrmModule.forFeature([SkyFeed])],
  providers: [SkyHttp, SkyFetcher, SkyWorker, SkyOutlooks],
  exports: [SkyFetcher, SkyOutlooks],
})
export class SkyModule {}
