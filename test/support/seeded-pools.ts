import type { DataSource } from 'typeorm';

/**
 * Forgets what the seeded tours need of the seeded pools (sleds, dog teams, minibuses), and the
 * seeded stays' rooms. Suites
 * share the seeded tours and make test departures of them at overlapping times, each counting
 * its own seats: the pools would make them count each other's. The pools themselves are tested
 * on tours of their own (resources.e2e-spec.ts, shared-pool-processes.e2e-spec.ts).
 */
export async function forgetSeededPools(dataSource: DataSource): Promise<void> {
  await dataSource.query("DELETE FROM tour_resource_needs WHERE kind_id IN (SELECT id FROM resource_kinds WHERE type IN ('equipment', 'vehicle'))");
  // The same for the seeded stays' rooms by the night (tested on a stay of its own).
  await dataSource.query('UPDATE stay_packages SET room_kind_id = NULL');
}
