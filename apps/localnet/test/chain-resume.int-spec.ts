import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Address, toNano } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { type Localnet, startLocalnet } from '../src/localnet';
import { transferCell } from '../../../test/integration/support/localnet-harness';
import { fromTreasury } from '../../../test/integration/support/treasury-message';

const SOURCE = Address.parse(`0:${'5a'.repeat(32)}`);

/** Every masterchain block id of the chain, as base64 root hashes (index = seqno). */
function mcHashes(localnet: Localnet): string[] {
  const head = localnet.chain.head().id.seqno;
  return Array.from({ length: head + 1 }, (_, seqno) =>
    (localnet.chain.masterchainBlock(seqno)?.id.rootHash ?? Buffer.alloc(0)).toString('base64'),
  );
}

function start(dir: string, fresh = false): Promise<Localnet> {
  return startLocalnet({ seed: 'genesis', mode: 'manual', wallClock: true, dataDir: dir, fresh });
}

void describe('localnet: the chain kept in its data directory and resumed (real emulator)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'localnet-resume-'));
  let before: string[] = [];

  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  void it('a restart produces the same chain again, messages included, and goes on from its head', async () => {
    const first = await start(dir);
    const keys = keyPairFromSeed(createHash('sha256').update('resume-wallet').digest());
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
    first.chain.submit(fromTreasury(SOURCE, wallet.address, toNano('10')));
    await first.chain.settle();
    // An external message through the liteserver path, and a config change (a key block).
    await first.chain.sendMessage(transferCell(wallet, keys, 0, SOURCE, toNano('1'), true));
    await first.chain.settle();
    first.chain.setBaseConfig(first.chain.config(0));
    await first.chain.seal();
    await first.chain.seal();
    before = mcHashes(first);
    const zeroState = first.chain.zeroState().id;
    await first.stop();

    const second = await start(dir);
    try {
      assert.deepEqual(second.chain.zeroState().id, zeroState);
      assert.deepEqual(mcHashes(second), before);
      const walletState = await second.chain.blockchain.getContract(wallet.address);
      assert.equal(walletState.accountState?.type, 'active');
      const next = await second.chain.seal();
      assert.equal(next.id.seqno, before.length);
      assert.equal(next.prev[0]?.rootHash.toString('base64'), before.at(-1));
      before = mcHashes(second);
    } finally {
      await second.stop();
    }
  });

  void it('a torn last line (a crash mid-write) is cut off; the chain resumes from the whole records', async () => {
    appendFileSync(join(dir, 'chain.jsonl'), '{"seqno":99999,"genUt');
    const third = await start(dir);
    try {
      assert.deepEqual(mcHashes(third), before);
    } finally {
      await third.stop();
    }
    const lines = readFileSync(join(dir, 'chain.jsonl'), 'utf8').split('\n');
    assert.equal(lines.at(-1), '');
    assert.equal(lines.length, before.length + 1);
  });

  void it('fresh starts a new chain and a new journal', async () => {
    const fresh = await start(dir, true);
    try {
      const head = fresh.chain.head().id.seqno;
      const lines = readFileSync(join(dir, 'chain.jsonl'), 'utf8').split('\n');
      // The header, one line per block the seed sealed, and the final newline's empty string.
      assert.equal(lines.length, head + 2);
      assert.ok(head < before.length - 1, `${String(head)} blocks: only the seed's`);
    } finally {
      await fresh.stop();
    }
  });
});
