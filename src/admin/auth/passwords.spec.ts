import { hashSync } from 'bcryptjs';

import { RetryLaterException } from '../../common/filters/retry-later.exception';
import { HASHES_AT_ONCE, HASHES_WAITING, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('checks hashes made by bcryptjs, as every stored one was', async () => {
    const stored = hashSync('correct horse battery staple', 4);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('wrong', stored)).toBe(false);
  });

  it('makes hashes it checks, at the cost of 12', async () => {
    const made = await hashPassword('fjällräv i snön');
    expect(made).toMatch(/^\$2b\$12\$/);
    expect(await verifyPassword('fjällräv i snön', made)).toBe(true);
  });

  it('queues a bounded number of checks and turns away the rest with a 429', async () => {
    const stored = hashSync('x', 4);
    const extra = 5;
    const results = await Promise.allSettled(Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING + extra }, () => verifyPassword('y', stored)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(extra);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(RetryLaterException);
    expect(results.filter((result) => result.status === 'fulfilled').every((result) => (result as PromiseFulfilledResult<boolean>).value === false)).toBe(true);
  });
});
