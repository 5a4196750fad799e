import { Injectable } from '@nestjs/common';

import { AppConfig } from '../config/app-config';

export interface SkyAnswer {
  status: number;
  body?: unknown;
  /** The answer's `Expires`, where it gives one. */
  expires?: Date;
  lastModified?: string;
}

const TIMEOUT_MS = 15_000;

/**
 * The one way the sky sources are asked: with an identifying User-Agent (MET Norway requires
 * one), `If-Modified-Since` where we have a `Last-Modified`, and a time limit. Tests replace it:
 * they never touch the network.
 */
@Injectable()
export class SkyHttp {
  constructor(private readonly config: AppConfig) {}

  get userAgent(): string {
    return `NorrskenArcticTours/1.0 (${this.config.publicUrl}; ${this.config.mail.bookingEmail})`;
  }

  async get(url: string, ifModifiedSince?: string | null): Promise<SkyAnswer> {
    const response = await fetch(url, {
      headers: { 'User-Agent': this.userAgent, Accept: 'application/json', ...(ifModifiedSince ? { 'If-Modified-Since': ifModifiedSince } : {}) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'follow',
    });
    const expiresHeader = response.headers.get('expires');
    const expires = expiresHeader ? new Date(expiresHeader) : undefined;
    const answer: SkyAnswer = { status: response.status, lastModified: response.headers.get('last-modified') ?? undefined, expires: expires && !Number.isNaN(expires.getTime()) ? expires : undefined };
    if (response.status === 200 || response.status === 203) answer.body = await response.json();
    else await response.body?.cancel();
    return answer;
  }
}
