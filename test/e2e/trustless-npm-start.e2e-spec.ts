import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { internal, SendMode, WalletContractV4 } from '@ton/ton';
import { Address } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { findFreePort } from '@app/database';
import { type AdnlLiteEngine } from '@app/liteclient';
import { parseAccountsFile } from '@app/localnet';
import {
  firstLiteserverClient,
  Standalone,
  waitUntil,
  workDir,
} from './support/standalone-process';

const SHARD_ALL = '-9223372036854775808';
type Json = Record<string, unknown>;

/**
 * The whole service against liars: `npm start` with 3 local liteservers (LOCALNET_LITESERVERS=3) and
 * the localnet admin API (LOCALNET_ADMIN_PORT), through which 2 and then all 3 are told to lie
 * (apps/localnet/src/liteserver/lying-handlers.ts). With one honest liteserver left, every v2 read
 * equals the honest answer (read with none lying, or from the honest liteserver directly) and the
 * sender estimates fees from proven state; with all lying, reads fail with a 5xx and nothing forged
 * is ever answered. (The index: trustless-index.e2e-spec.ts.)
 */
void describe('npm start proves every liteserver answer: 3 local liteservers, some lying', () => {
  const dir = workDir();
  let run: Standalone;
  let admin: string;
  let wallet: { friendly: string; contract: WalletContractV4; secretKey: Buffer };
  let honest: LiteClient;
  let honestEngine: AdnlLiteEngine;

  async function lie(servers: readonly number[]): Promise<void> {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${admin}/liteservers/${String(i)}/fault`, {
        method: 'POST',
        body: JSON.stringify({ mode: servers.includes(i) ? 'lie' : 'none' }),
      });
      assert.equal(res.status, 200);
    }
  }

  async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(`http://127.0.0.1:${String(run.port)}/api/v2/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  async function ok(path: string): Promise<Json> {
    const { status, body } = await run.get(`api/v2/${path}`);
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    assert.equal(body && (body as Json).ok, true);
    return (body as { result: Json }).result;
  }

  /** The head-dependent reads of one wallet, without what moves with the head (block ids, times). */
  async function walletReads(): Promise<Json> {
    const address = encodeURIComponent(wallet.friendly);
    const info = await ok(`getAddressInformation?address=${address}`);
    const txs = (await ok(`getTransactions?address=${address}&limit=3`)) as unknown as Json[];
    const seqno = await post('runGetMethod', {
      address: wallet.friendly,
      method: 'seqno',
      stack: [],
    });
    assert.equal(seqno.status, 200, JSON.stringify(seqno.body));
    const config = await ok('getConfigParam?config_id=34');
    return {
      balance: await ok(`getAddressBalance?address=${address}`),
      info: [info.balance, info.code, info.data, info.last_transaction_id, info.state],
      transactions: txs.map((t) => [t.transaction_id, t.fee, t.utime]),
      seqno: (seqno.body.result as Json).stack,
      exitCode: (seqno.body.result as Json).exit_code,
      config34: (config.config as Json).bytes,
    };
  }

  /** estimateFee of a signed transfer: its fees but storage_fee (due since the head's utime). */
  async function estimate(): Promise<Json> {
    const seqno = Number(
      BigInt(((await walletReads()).seqno as [string, string][])[0]?.[1] ?? '0'),
    );
    const body = wallet.contract.createTransfer({
      seqno,
      secretKey: wallet.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: wallet.contract.address, value: 1n, bounce: false })],
    });
    const reply = await post('estimateFee', {
      address: wallet.friendly,
      body: body.toBoc().toString('base64'),
      ignore_chksig: false,
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const fees = (reply.body.result as { source_fees: Json }).source_fees;
    return { ...fees, storage_fee: undefined };
  }

  /** What the honest liteserver (index 0) itself says masterchain block `seqno` is. */
  async function honestBlock(seqno: number): Promise<{ root_hash: string; file_hash: string }> {
    const found = await honest.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno });
    return {
      root_hash: found.id.rootHash.toString('base64'),
      file_hash: found.id.fileHash.toString('base64'),
    };
  }

  let honestReads: Json;
  let fees: Json;

  before(async () => {
    const adminPort = await findFreePort();
    admin = `http://127.0.0.1:${String(adminPort)}`;
    run = await new Standalone(dir, await findFreePort(), {
      LOCALNET_LITESERVERS: '3',
      LOCALNET_ADMIN_PORT: String(adminPort),
      // The machine running the tests may be slow: nothing is shed for it.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT_ANONYMOUS_RPS: '1000000',
    }).start();
    const accounts = parseAccountsFile(
      JSON.parse(readFileSync(join(dir, 'localnet.accounts.json'), 'utf8')),
    ).accounts;
    const v4 = accounts.find((a) => a.kind === 'wallet' && a.walletVersion === 'v4r2');
    assert.ok(v4?.publicKey && v4.secretKey, 'the genesis seed has a v4r2 wallet with its keys');
    wallet = {
      friendly: v4.friendly,
      contract: WalletContractV4.create({
        workchain: 0,
        publicKey: Buffer.from(v4.publicKey, 'hex'),
      }),
      secretKey: Buffer.from(v4.secretKey, 'hex'),
    };
    assert.equal(wallet.contract.address.equals(Address.parse(v4.address)), true);
    ({ engine: honestEngine, client: honest } = await firstLiteserverClient(dir));
    // With none lying: the honest answers.
    honestReads = await walletReads();
    fees = await estimate();
  });

  after(async () => {
    honestEngine.close();
    await run.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  void it('boots verified: the log names the anchor, the written config carries the validator section', () => {
    assert.ok(
      run.messages().includes('liteserver answers are proven from the global config'),
      run.output.slice(-3000),
    );
    const config = JSON.parse(readFileSync(join(dir, 'localnet.config.json'), 'utf8')) as {
      validator: { zero_state: { seqno: number }; init_block: { seqno: number } };
      liteservers: unknown[];
    };
    assert.equal(config.liteservers.length, 3);
    assert.equal(config.validator.zero_state.seqno, 0);
    assert.equal(config.validator.init_block.seqno, 0);
  });

  void it('with 2 of 3 lying: v2 and the sender serve only the honest answers', async () => {
    await lie([1, 2]);
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(await walletReads(), honestReads, `round ${String(round)}`);
      assert.deepEqual(await estimate(), fees);
      // The head and blocks made while two lie: as the honest liteserver has them.
      const head = (await ok('getMasterchainInfo')).last as Json & { seqno: number };
      const truth = await honestBlock(head.seqno);
      assert.deepEqual([head.root_hash, head.file_hash], [truth.root_hash, truth.file_hash]);
      const looked = await ok(
        `lookupBlock?workchain=-1&shard=${SHARD_ALL}&seqno=${String(head.seqno - 1)}`,
      );
      assert.deepEqual(
        { root_hash: looked.root_hash, file_hash: looked.file_hash },
        await honestBlock(head.seqno - 1),
      );
      const header = await ok(
        `getBlockHeader?workchain=-1&shard=${SHARD_ALL}&seqno=${String(head.seqno)}` +
          `&root_hash=${encodeURIComponent(truth.root_hash)}&file_hash=${encodeURIComponent(truth.file_hash)}`,
      );
      assert.deepEqual((header.id as Json).root_hash, truth.root_hash);
    }
    const metrics = await (await fetch(`http://127.0.0.1:${String(run.port)}/metrics`)).text();
    const refused = [...metrics.matchAll(/^tonapi_liteserver_unverified_total\{[^}]*\} (\d+)/gm)];
    assert.ok(
      refused.reduce((sum, m) => sum + Number(m[1]), 0) > 0,
      'the liars were caught, not skipped',
    );
  });

  void it('with all 3 lying: every read fails with a 5xx, none answers a forged value', async () => {
    await lie([0, 1, 2]);
    const address = encodeURIComponent(wallet.friendly);
    // The head cached before the honest liteserver turned (at most 200 ms) may still be served.
    await waitUntil(
      async () => (await run.get('api/v2/getMasterchainInfo')).status >= 500,
      'the head refused',
    );
    const reads = [
      'getMasterchainInfo',
      `getAddressBalance?address=${address}`,
      `getAddressInformation?address=${address}`,
      `getTransactions?address=${address}&limit=3`,
      'getConfigParam?config_id=34',
    ];
    for (let round = 0; round < 3; round++) {
      for (const path of reads) {
        const { status, body } = await run.get(`api/v2/${path}`);
        assert.ok(
          status >= 500 && status < 600,
          `${path}: ${String(status)} ${JSON.stringify(body)}`,
        );
        assert.equal((body as Json).ok, false);
        assert.equal((body as Json).result, undefined);
      }
      const method = await post('runGetMethod', {
        address: wallet.friendly,
        method: 'seqno',
        stack: [],
      });
      assert.ok(method.status >= 500, JSON.stringify(method.body));
    }
    await lie([]);
    await waitUntil(
      async () => (await run.get('api/v2/getMasterchainInfo')).status === 200,
      'the service back once a liteserver tells the truth',
    );
    assert.deepEqual(await walletReads(), honestReads);
  });
});
