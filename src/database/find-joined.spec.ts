import { DataSource, EntityNotFoundError, type QueryRunner } from 'typeorm';

import { Tour } from '../tours/tour.entity';
import { dataSourceOptions, SQLITE_IN_MEMORY } from './data-source-options';
import { findOneJoined, findOneJoinedOrFail } from './find-joined';
import { prepareDatabase } from './prepare-database';

describe('findOneJoined', () => {
  let dataSource: DataSource;
  let statements: string[];

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY }));
    await dataSource.initialize();
    await prepareDatabase(dataSource);
  });

  afterAll(() => dataSource.destroy());

  beforeEach(() => {
    statements = [];
    const runner = dataSource.manager.connection.driver.createQueryRunner('master') as QueryRunner;
    const query = runner.query.bind(runner);
    jest.spyOn(runner, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  it('gives the row findOne gives, its to-many relation gathered, in one query where findOne takes two', async () => {
    const { id } = await dataSource.getRepository(Tour).findOneByOrFail({ slug: 'drive-your-own-dog-sled-team' });
    const options = { where: { id }, relations: { pickupPoints: { location: true }, categories: true } };
    statements = [];

    const byFindOne = await dataSource.manager.findOne(Tour, options);
    const findOneQueries = statements.length;
    statements = [];
    const joined = await findOneJoined(dataSource.manager, Tour, options);

    expect(joined).toEqual(byFindOne);
    expect(joined!.pickupPoints!.length).toBeGreaterThan(1);
    expect(findOneQueries).toBe(2);
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(/DISTINCT|LIMIT/);
  });

  it('gives null for no row, and findOneJoinedOrFail throws what findOneOrFail throws', async () => {
    const options = { where: { id: 999_999 }, relations: { pickupPoints: true } };
    await expect(findOneJoined(dataSource.manager, Tour, options)).resolves.toBeNull();
    await expect(findOneJoinedOrFail(dataSource.manager, Tour, options)).rejects.toBeInstanceOf(EntityNotFoundError);
  });
});
