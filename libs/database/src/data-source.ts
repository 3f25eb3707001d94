import { createDataSource } from './data-source.factory';

/**
 * For the typeorm CLI only: `npx typeorm-ts-node-commonjs migration:generate -d
 * libs/database/src/data-source.ts libs/database/src/migrations/<Name>` (then read and hand-edit the
 * result). Apps build their data source with createDataSource().
 */
export default createDataSource({
  url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  applicationName: 'typeorm-cli',
});
