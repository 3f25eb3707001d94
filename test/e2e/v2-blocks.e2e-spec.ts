import { describe } from 'node:test';
import { bootOnce } from './support/boot-once';
import { startV2Harness } from './support/v2-harness';
import { blockContext } from './v2-blocks/block-replies';
import { lookupBlockCases } from './v2-blocks/lookup-block.cases';
import { newBlockCases } from './v2-blocks/new-block.cases';
import { proofsAndQueueCases } from './v2-blocks/proofs-and-queue.cases';
import { shardsAndHeaderCases } from './v2-blocks/shards-and-headers.cases';
import { twoShardSuite } from './v2-blocks/two-shards.suite';
import { unmodifiedClientCases } from './v2-blocks/unmodified-clients.cases';

/**
 * The v2 blocks endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) against the
 * genesis localnet (manual block production: the head only moves when a test seals), with values
 * read from the chain itself. One boot for all the cases, in this order (the last one seals); then
 * a localnet of two basechain shards, after the first is closed.
 */
describe('v2 blocks endpoints (one basechain shard)', () => {
  const context = blockContext(bootOnce(() => startV2Harness()));
  lookupBlockCases(context);
  shardsAndHeaderCases(context);
  proofsAndQueueCases(context);
  unmodifiedClientCases(context);
  newBlockCases(context);
});

twoShardSuite();
