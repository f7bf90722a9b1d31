import type { Db } from '../../db/database';

/** A country as the site names it. */
export interface CountryName {
  code: string;
  printable_name: string;
}

/** Every country snippet's code and printable name, by code. */
export async function countryNames(db: Db): Promise<CountryName[]> {
  return db.selectFrom('countries').select(['code', 'printable_name']).orderBy('code').execute();
}
