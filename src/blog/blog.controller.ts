import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import type { ListResponse, Post, PostSummary } from '../../shared/api-types';
import { LangQuery } from '../common/i18n/lang-query.dto';
import { BlogService } from './blog.service';

@ApiTags('blog')
@Controller('api/blog')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  @ApiOperation({ summary: 'List the published blog posts, newest first' })
  async list(@Query() { lang }: LangQuery): Promise<ListResponse<PostSummary>> {
    return { data: await this.blog.list(lang) };
  }

  @Get(':slug')
  @ApiNotFoundResponse({ description: 'No such post' })
  @ApiOperation({ summary: 'Read a published blog post' })
  @ApiOkResponse({ description: 'The post with its sanitised HTML content' })
  get(@Param('slug') slug: string, @Query() { lang }: LangQuery): Promise<Post> {
    return this.blog.getBySlug(slug, lang);
  }
}
