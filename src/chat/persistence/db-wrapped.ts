import { wrap } from 'idb';
import { openDatabase, type OpenDbOptions, type ParleyDatabase } from './db';

/** The database with idb's promise API (the search worker, tools): db.ts opens it without idb's code. */
export async function openParleyDb(factory: IDBFactory, options: OpenDbOptions = {}): Promise<ParleyDatabase> {
  return wrap(await openDatabase(factory, options)) as unknown as ParleyDatabase;
}
