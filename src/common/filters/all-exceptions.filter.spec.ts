import { BadRequestException, NotFoundException } from '@nestjs/common';

import { toErrorBody } from './all-exceptions.filter';

describe(toErrorBody.name, () => {
  it('keeps an HttpException status and message', () => {
    expect(toErrorBody(new NotFoundException('There is no tour called "x".'))).toEqual({
      statusCode: 404,
      message: 'There is no tour called "x".',
      error: 'Not Found',
    });
  });

  it('joins a list of messages', () => {
    expect(toErrorBody(new BadRequestException(['a is bad', 'b is bad'])).message).toBe('a is bad; b is bad');
  });

  it('turns body-parser errors into 400 and 413 with plain words', () => {
    expect(toErrorBody({ status: 400, type: 'entity.parse.failed', message: 'Unexpected token' })).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON.',
      error: 'Bad Request',
    });
    expect(toErrorBody({ status: 413, type: 'entity.too.large' }).statusCode).toBe(413);
  });

  it('hides the details of anything unexpected', () => {
    const sut = toErrorBody(new Error('ER_NO_SUCH_TABLE at /srv/app.js:12'));
    expect(sut.statusCode).toBe(500);
    expect(sut.message).not.toMatch(/ER_|\.js/);
  });
});
