import assert from 'node:assert/strict';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { GenesisAccount } from '@app/localnet';
import { V2_METHODS, V2ErrorBody, v2OkBody } from '@app/gateway';
import { startV2Harness, type V2Harness } from './support/v2-harness';

/** Debian's chromium (scripts/ensure-services.sh installs it), driven by playwright-core. */
const CHROMIUM = '/usr/bin/chromium';
/** Screenshots land here (gitignored). */
const ARTIFACTS = resolve('test-artifacts', 'swagger-ui');

/**
 * Methods whose answers are not sampled here, each with the reason; every other registered method
 * must be sampled, so a new method cannot escape its response schema.
 */
const NOT_SAMPLED: Readonly<Record<string, string>> = {
  sendBoc: 'changes the chain (test/e2e/sender.e2e-spec.ts)',
  sendBocReturnHash: 'changes the chain (test/e2e/sender.e2e-spec.ts)',
  sendBocReturnHashNoError: 'changes the chain (test/e2e/sender.e2e-spec.ts)',
  estimateFee: 'needs a signed message (test/e2e/v2-fees.e2e-spec.ts)',
};

function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

describe('OpenAPI on a running gateway over the localnet', () => {
  let harness: V2Harness;
  const sampled = new Set<string>();

  before(async () => {
    harness = await startV2Harness();
  });

  after(async () => {
    await harness.close();
  });

  /** A 200 answer, checked against the method's documented envelope and result schema. */
  async function answer(
    method: string,
    params: Record<string, string | number | boolean | string[]> = {},
    verb: 'GET' | 'POST' = 'GET',
  ): Promise<Record<string, unknown>> {
    const definition = V2_METHODS.get(method);
    assert.ok(definition, method);
    const reply =
      verb === 'GET' ? await harness.get(method, params) : await harness.post(method, params);
    assert.equal(reply.status, 200, `${method}: ${JSON.stringify(reply.body)}`);
    const checked = v2OkBody(definition.result).safeParse(reply.body);
    assert.ok(checked.success, `${method}: ${checked.error?.message ?? ''}`);
    sampled.add(method);
    return reply.body;
  }

  it('answers every method as its response schema says', async () => {
    const address = (name: string): string => {
      const found = harness.localnet.accounts.find((a) => a.name === name);
      assert.ok(found, name);
      return found.address.toString({ urlSafe: true, bounceable: true });
    };
    const wallet = address(GenesisAccount.walletV4r2);
    const info = record((await answer('getMasterchainInfo')).result);
    const last = record(info.last);
    const block = {
      workchain: Number(last.workchain),
      shard: String(last.shard),
      seqno: Number(last.seqno),
    };
    await answer('getMasterchainInfo', {}, 'POST');
    await answer('getConsensusBlock');
    await answer('getOutMsgQueueSize');
    await answer('getAddressInformation', { address: wallet });
    await answer('getExtendedAddressInformation', { address: wallet });
    await answer('getWalletInformation', { address: wallet });
    await answer('getAddressBalance', { address: wallet });
    await answer('getAddressState', { address: wallet });
    await answer('getTokenData', { address: address(GenesisAccount.jettonMinter) });
    await answer('getShardAccountCell', { address: wallet });
    await answer('dnsResolve', { address: address(GenesisAccount.dnsItem) });
    await answer('getBlockHeader', block);
    await answer('lookupBlock', block);
    await answer('getShards', { seqno: block.seqno });
    await answer('shards', { seqno: block.seqno });
    await answer('getMasterchainBlockSignatures', { seqno: block.seqno });
    await answer('getShardBlockProof', block);
    await answer('getBlockTransactions', block);
    await answer('getBlockTransactionsExt', block);
    await answer('getConfigParam', { config_id: 34 });
    await answer('getConfigAll');
    await answer('runGetMethod', { address: wallet, method: 'seqno', stack: [] }, 'POST');
    await answer('runGetMethodStd', { address: wallet, method: 'seqno', stack: [] }, 'POST');
    await answer('detectAddress', { address: wallet });
    await answer('packAddress', { address: wallet });
    await answer('unpackAddress', { address: wallet });
    await answer('detectHash', { hash: 'DyRnqxvXMjxK0FL6Pa+xYH4k0Bv8yvjzN6xPXbWPhjg=' });
    const txs = (await answer('getTransactions', { address: wallet, limit: 3 })).result;
    assert.ok(Array.isArray(txs) && txs.length > 0, 'the wallet has transactions');
    await answer('getTransactionsStd', { address: wallet, limit: 3 });
    const outgoing = txs
      .map((tx) => record(tx).out_msgs)
      .flat()
      .map(record)
      .find((m) => typeof m.destination === 'string' && m.destination !== '');
    assert.ok(outgoing, 'an outgoing internal message');
    const locate = {
      source: String(outgoing.source),
      destination: String(outgoing.destination),
      created_lt: String(outgoing.created_lt),
    };
    await answer('tryLocateTx', locate);
    await answer('tryLocateResultTx', locate);
    await answer('tryLocateSourceTx', locate);
    await answer('getLibraries', { libraries: ['DyRnqxvXMjxK0FL6Pa+xYH4k0Bv8yvjzN6xPXbWPhjg='] });

    const missing = [...V2_METHODS.keys()].filter((m) => !sampled.has(m) && !(m in NOT_SAMPLED));
    assert.deepEqual(missing, [], 'every method is sampled or listed in NOT_SAMPLED with a reason');
  });

  it('answers errors as the documented error envelope', async () => {
    for (const reply of [
      await harness.get('getAddressInformation', { address: 'nope' }),
      await harness.get('noSuchMethod'),
      await harness.post('getMasterchainInfo', { unexpected: 1 }),
    ]) {
      assert.ok(reply.status >= 400 && reply.status < 500, String(reply.status));
      assert.ok(V2ErrorBody.safeParse(reply.body).success, JSON.stringify(reply.body));
    }
  });

  it(
    'runs getMasterchainInfo from Swagger UI in headless Chromium (Try it out → Execute)',
    {
      skip: existsSync(CHROMIUM)
        ? false
        : `${CHROMIUM} is missing: scripts/ensure-services.sh installs Debian's chromium`,
    },
    async () => {
      const expected = record((await harness.get('getMasterchainInfo')).body.result);
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        // Containers run tests as root, where Chromium's sandbox cannot start.
        args: ['--no-sandbox', '--disable-dev-shm-usage'],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
        const failed: string[] = [];
        page.on('requestfailed', (r) => failed.push(r.url()));
        await page.goto(`${harness.baseUrl}/api/v2/`);
        const operation = page.locator('#operations-blocks-getMasterchainInfo_get');
        await operation.locator('.opblock-summary').click();
        await operation.getByRole('button', { name: 'Try it out' }).click();
        await operation.getByRole('button', { name: 'Execute' }).click();
        const response = operation.locator('.live-responses-table .response').first();
        await response.waitFor({ timeout: 15_000 });
        assert.equal((await response.locator('.response-col_status').innerText()).trim(), '200');
        const shown = await response.locator('.response-col_description pre').first().innerText();
        const body = record(JSON.parse(shown));
        assert.equal(body.ok, true);
        const result = record(body.result);
        assert.equal(result['@type'], 'blocks.masterchainInfo');
        // Manual block production: the head the UI shows is the head the API reads.
        assert.deepEqual(result.last, expected.last);
        mkdirSync(ARTIFACTS, { recursive: true });
        const file = join(ARTIFACTS, 'getMasterchainInfo.png');
        await operation.screenshot({ path: file });
        assert.ok(statSync(file).size > 10_000, 'a screenshot was written');
        assert.deepEqual(failed, [], 'every asset loads from the gateway');
      } finally {
        await browser.close();
      }
    },
  );
});
