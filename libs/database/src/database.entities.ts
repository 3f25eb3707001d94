import { IndexerCursorEntity } from './entities/indexer-cursor.entity';

/** Every entity of the schema; the data source registers them all so any app can use any repository. */
export const DATABASE_ENTITIES = [IndexerCursorEntity];
