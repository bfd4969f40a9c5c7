// Ids are generated where rows are made (db/ids.ts, the lowest layer); this re-export keeps lib's path.
export { isId, newId } from '../db/ids.ts';
