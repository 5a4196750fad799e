import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';

import type { ListResponse, Post, PostSummary } from '../../shared/api-types';
import { BlogService } from './blog.service';

@ApiTags('blog')
@Controller('api/blog')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  async list(): Promise<ListResponse<PostSummary>> {
    return { data: await this.blog.list() };
  }

  @Get(':slug')
  @ApiNotFoundResponse({ description: 'No such post' })
  get(@Param('slug') slug: string): Promise<Post> {
    return this.blog.getBySlug(slug);
  }
}
