import { DataSource } from 'typeorm';

import { Tour } from '../tours/tour.entity';
import { dataSourceOptions } from '../app-data/data-source-options';
import { SQLITE_IN_MEMORY } from './dialect';
import { prepareDatabase } from '../app-data/prepare-database';
import { reuseSqliteStatements } from './sqlite-statements';

describe(reuseSqliteStatements.name, () => {
  let dataSource: DataSource;
  let prepared: string[];

  beforeEach(async () => {
    dataSource = reuseSqliteStatements(await new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY })).initialize());
    await prepareDatabase(dataSource);
    prepared = [];
    const connection = (dataSource.driver as unknown as { databaseConnection: { prepare: (sql: string) => unknown } }).databaseConnection;
    const prepare = connection.prepare.bind(connection);
    jest.spyOn(connection, 'prepare').mockImplementation((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    });
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await dataSource.destroy();
  });

  it('compiles a statement once for every id it is run with', async () => {
    const tours = dataSource.getRepository(Tour);
    const [first, second, third] = await tours.find({ select: { id: true, slug: true }, order: { id: 'ASC' }, take: 3 });
    prepared.length = 0;

    const found = [await tours.findOneBy({ id: first.id }), await tours.findOneBy({ id: second.id }), await tours.findOneBy({ id: third.id })];

    expect(found.map((tour) => tour?.slug)).toEqual([first.slug, second.slug, third.slug]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).not.toMatch(new RegExp(`= ${first.id}\\b`));
  });

  it('binds a whole number as SQLite INTEGER, as the literal it replaces was, and leaves other numbers as they were', async () => {
    const probe = (value: number) =>
      dataSource.createQueryBuilder().select('typeof(:value)', 'type').addSelect(":value || ''", 'text').from(Tour, 'tour').setParameter('value', value).limit(1).getRawOne<{ type: string; text: string }>();

    await expect(probe(5)).resolves.toEqual({ type: 'integer', text: '5' });
    await expect(probe(-9_007_199_254_740_991)).resolves.toEqual({ type: 'integer', text: '-9007199254740991' });
    await expect(probe(2.5)).resolves.toEqual({ type: 'real', text: '2.5' });
  });

  it('stores whole numbers written through an entity as INTEGER', async () => {
    const tours = dataSource.getRepository(Tour);
    const [tour] = await tours.find({ order: { id: 'ASC' }, take: 1 });
    await tours.update({ id: tour.id }, { priceSek: 1234 });

    const [row] = await dataSource.query<{ type: string; price: number }[]>('SELECT typeof(price_sek) AS type, price_sek AS price FROM tours WHERE id = ?', [tour.id]);
    expect(row).toEqual({ type: 'integer', price: 1234 });
    expect((await tours.findOneByOrFail({ id: tour.id })).priceSek).toBe(1234);
  });
});
