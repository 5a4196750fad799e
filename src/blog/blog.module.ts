import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ContentTranslationsModule } from '../common/i18n/content-translations.service';
import { BlogController } from './blog.controller';
import { BlogPost } from './blog-post.entity';
import { BlogService } from './blog.service';
import { PostEditor } from './post-editor.service';

@Module({
  imports: [TypeOrmModule.forFeature([BlogPost]), ContentTranslationsModule],
  controllers: [BlogController],
  providers: [BlogService, PostEditor],
  exports: [BlogService, PostEditor],
})
export class BlogModule {}
