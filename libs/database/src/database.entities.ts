import { AccountStateEntity } from './entities/account-state.entity';
import { BlockEntity } from './entities/block.entity';
import { IndexerCursorEntity } from './entities/indexer-cursor.entity';
import { IngestLeaderEntity } from './entities/ingest-leader.entity';
import { IngestQuarantineEntity } from './entities/ingest-quarantine.entity';
import { LatestAccountStateEntity } from './entities/latest-account-state.entity';
import { MessageContentEntity } from './entities/message-content.entity';
import { MessageEntity } from './entities/message.entity';
import { ShardStateEntity } from './entities/shard-state.entity';
import { TransactionEntity } from './entities/transaction.entity';

/** Every entity of the schema; the data source registers them all so any app can use any repository. */
export const DATABASE_ENTITIES = [
  IndexerCursorEntity,
  BlockEntity,
  ShardStateEntity,
  TransactionEntity,
  MessageEntity,
  MessageContentEntity,
  AccountStateEntity,
  LatestAccountStateEntity,
  IngestQuarantineEntity,
  IngestLeaderEntity,
];
