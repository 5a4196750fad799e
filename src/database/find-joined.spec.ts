import { EntityNotFoundError } from 'typeorm';

import { useSqliteStatements } from '../../test/support/sqlite-statements';
import { Tour } from '../tours/tour.entity';
import { findOneJoined, findOneJoinedOrFail } from './find-joined';

describe('findOneJoined', () => {
  const db = useSqliteStatements();

  it('gives the row findOne gives, its to-many relation gathered, in one query where findOne takes two', async () => {
    const { id } = await db.dataSource.getRepository(Tour).findOneByOrFail({ slug: 'drive-your-own-dog-sled-team' });
    const options = { where: { id }, relations: { pickupPoints: { location: true }, categories: true } };
    db.clear();

    const byFindOne = await db.dataSource.manager.findOne(Tour, options);
    const findOneQueries = db.statements.length;
    db.clear();
    const joined = await findOneJoined(db.dataSource.manager, Tour, options);

    expect(joined).toEqual(byFindOne);
    expect(joined!.pickupPoints!.length).toBeGreaterThan(1);
    expect(findOneQueries).toBe(2);
    expect(db.statements).toHaveLength(1);
    expect(db.statements[0]).not.toMatch(/DISTINCT|LIMIT/);
  });

  it('gives null for no row, and findOneJoinedOrFail throws what findOneOrFail throws', async () => {
    const options = { where: { id: 999_999 }, relations: { pickupPoints: true } };
    await expect(findOneJoined(db.dataSource.manager, Tour, options)).resolves.toBeNull();
    await expect(findOneJoinedOrFail(db.dataSource.manager, Tour, options)).rejects.toBeInstanceOf(EntityNotFoundError);
  });
});
