/** LocalChain config changes: a new base config becomes a key block. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, Dictionary } from '@ton/core';
import { LocalChain } from './local-chain';
import { field, loadTlbOracle } from './tlb-oracle';

void describe(`${LocalChain.name} config changes`, () => {
  void it('turns a new base config into a key block that carries it, keeping params 19 and 34', async () => {
    const sut = await LocalChain.create();
    try {
      await sut.seal();
      const base = Dictionary.loadDirect(
        Dictionary.Keys.Int(32),
        Dictionary.Values.Cell(),
        sut.blockchain.config,
      );
      base.delete(79);
      base.set(19, beginCell().storeInt(-239, 32).endCell());
      sut.setBaseConfig(beginCell().storeDictDirect(base).endCell());
      const key = await sut.seal();
      const after = await sut.seal();
      assert.equal(key.isKeyBlock, true);
      assert.equal(after.isKeyBlock, false);
      assert.equal(key.prevKeyBlockSeqno, 0);
      assert.equal(after.prevKeyBlockSeqno, key.id.seqno);
      const config = Dictionary.loadDirect(
        Dictionary.Keys.Int(32),
        Dictionary.Values.Cell(),
        sut.config(key.id.seqno),
      );
      assert.equal(config.get(79), undefined);
      assert.equal(config.get(19)?.beginParse().loadInt(32), -217);
      assert.equal(sut.config(1).hash().equals(sut.config(key.id.seqno).hash()), false);
      const mcExtra = key.block?.refs[3]?.refs[3];
      assert.ok(mcExtra);
      const parsed = loadTlbOracle()('loadMcBlockExtra')(mcExtra.beginParse());
      assert.equal(field(parsed, 'key_block'), 1);
      // The key block's McBlockExtra ends with config_addr and the config itself.
      assert.ok(mcExtra.refs.some((r) => r.hash().equals(sut.config(key.id.seqno).hash())));
      const info = key.block.refs[0]?.beginParse();
      assert.ok(info);
      info.skip(32 + 32 + 6);
      assert.equal(info.loadBit(), true);
    } finally {
      sut.close();
    }
  });
});
