import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { type LiteClient } from 'ton-lite-client';
import { findFreePort } from '@app/database';
import { type AdnlLiteEngine } from '@app/liteclient';
import {
  EMPTY_CHAIN_ENV,
  firstLiteserverClient,
  Standalone,
  waitUntil,
  workDir,
} from './support/standalone-process';

const SHARD_ALL = '-9223372036854775808';

/**
 * The ingestor of `npm start` against liars: with 2 of its 3 local liteservers lying from the first
 * block on, every masterchain block v3 holds is the one the honest liteserver has (root and file
 * hash), and v2's head is the honest one too.
 */
void describe('npm start indexes only proven blocks: 2 of 3 local liteservers lying', () => {
  const dir = workDir();
  let run: Standalone;
  let honest: LiteClient;
  let honestEngine: AdnlLiteEngine;

  async function honestBlock(seqno: number): Promise<{ root_hash: string; file_hash: string }> {
    const found = await honest.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno });
    return {
      root_hash: found.id.rootHash.toString('base64'),
      file_hash: found.id.fileHash.toString('base64'),
    };
  }

  before(async () => {
    const adminPort = await findFreePort();
    run = await new Standalone(dir, await findFreePort(), {
      ...EMPTY_CHAIN_ENV,
      LOCALNET_BLOCK_INTERVAL: '1000',
      LOCALNET_LITESERVERS: '3',
      LOCALNET_ADMIN_PORT: String(adminPort),
      SHED_EVENT_LOOP_DELAY_MS: '0',
    }).start();
    for (const i of [1, 2]) {
      const res = await fetch(
        `http://127.0.0.1:${String(adminPort)}/liteservers/${String(i)}/fault`,
        {
          method: 'POST',
          body: JSON.stringify({ mode: 'lie' }),
        },
      );
      assert.equal(res.status, 200);
    }
    ({ engine: honestEngine, client: honest } = await firstLiteserverClient(dir));
  });

  after(async () => {
    honestEngine.close();
    await run.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  void it('v3 holds the honest blocks made while two liteservers lie, v2 the honest head', async () => {
    // The first reads after the liars start may each meet both of them (two attempts per request)
    // before the pool has marked them; the head is served once it has.
    await waitUntil(
      async () => (await run.get('api/v2/getMasterchainInfo')).status === 200,
      'a proven head',
    );
    const from = (await run.head()) + 1;
    const to = from + 4;
    for (let seqno = from; seqno <= to; seqno++) {
      const indexed = await run.indexed(seqno);
      assert.equal(indexed, (await honestBlock(seqno)).root_hash, `v3 block ${String(seqno)}`);
      const { body } = await run.get(`api/v3/blocks?workchain=-1&seqno=${String(seqno)}`);
      const block = (body as { blocks: { file_hash: string }[] }).blocks[0];
      assert.equal(block?.file_hash, (await honestBlock(seqno)).file_hash);
    }
    const { body } = await run.get('api/v2/getMasterchainInfo');
    const last = (body as { result: { last: { seqno: number; root_hash: string } } }).result.last;
    assert.equal(last.root_hash, (await honestBlock(last.seqno)).root_hash);
    const metrics = await (await fetch(`http://127.0.0.1:${String(run.port)}/metrics`)).text();
    const refused = [...metrics.matchAll(/^tonapi_liteserver_unverified_total\{[^}]*\} (\d+)/gm)];
    assert.ok(refused.reduce((sum, m) => sum + Number(m[1]), 0) > 0, 'the liars were caught');
  });
});
