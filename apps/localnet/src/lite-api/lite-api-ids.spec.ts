import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Functions as ClientFunctions } from 'ton-lite-client/dist/schema';
import { TLReadBuffer, TLWriteBuffer } from 'ton-tl';
import { LITE_API_CONSTRUCTOR_IDS, LITE_API_FUNCTIONS } from './lite-api-ids.generated';
import { Codecs } from './lite-api-schema';

void describe('generated lite_api ids', () => {
  void it('agree with every function id ton-lite-client 3.1.1 sends, except its stale getValidatorStats', () => {
    const ours = new Map<string, number>(LITE_API_FUNCTIONS.map((f) => [f.codec, f.id]));
    let compared = 0;
    for (const [codec, fn] of Object.entries(ClientFunctions)) {
      // the client's ids exist only inside its encodeRequest bodies
      const m = /writeInt32\((-?\d+)\)/.exec(fn.encodeRequest.toString());
      assert.ok(m?.[1], codec);
      const clientId = Number(m[1]);
      if (codec === 'liteServer_getValidatorStats') {
        // the real schema pins #091a58bc; the client hashes the newer line instead
        assert.equal(ours.get(codec), 0x091a58bc);
        assert.notEqual(clientId, 0x091a58bc);
        continue;
      }
      assert.equal(ours.get(codec), clientId, codec);
      compared++;
    }
    assert.equal(compared, 25);
  });

  void it('include the functions the client lacks, with the real ids', () => {
    const byName = new Map<string, number>(LITE_API_FUNCTIONS.map((f) => [f.name, f.id]));
    assert.equal(LITE_API_FUNCTIONS.length, 34);
    assert.equal(byName.get('liteServer.query'), 2039219935);
    assert.equal(byName.get('liteServer.waitMasterchainSeqno'), -1159022446);
    assert.ok(byName.has('liteServer.getOutMsgQueueSizes'));
    assert.ok(byName.has('liteServer.listBlockTransactionsExt'));
    assert.ok(byName.has('liteServer.lookupBlockWithProof'));
    assert.equal(LITE_API_CONSTRUCTOR_IDS['liteServer.error'], -1146494648);
    assert.equal(LITE_API_CONSTRUCTOR_IDS['liteServer.transactionId'], 0xb12f65af | 0);
    assert.equal(new Set(LITE_API_FUNCTIONS.map((f) => f.id)).size, 34);
    // the two signature sets of current ton master: the ordinary one keeps the old line's id
    assert.equal(LITE_API_CONSTRUCTOR_IDS['liteServer.signatureSet.ordinary'], 0xf644a6e6 | 0);
    assert.equal(LITE_API_CONSTRUCTOR_IDS['liteServer.signatureSet.simplex'], 0xac249800 | 0);
  });

  void it('encode a present optional 0 (ton-tl would drop it)', () => {
    const w = new TLWriteBuffer();
    Codecs.liteServer_getOutMsgQueueSizes.encode(
      { kind: 'liteServer.getOutMsgQueueSizes', mode: 1, wc: 0, shard: '-9223372036854775808' },
      w,
    );
    const bytes = w.build();
    assert.equal(bytes.length, 4 + 4 + 8);
    assert.deepEqual(Codecs.liteServer_getOutMsgQueueSizes.decode(new TLReadBuffer(bytes)), {
      kind: 'liteServer.getOutMsgQueueSizes',
      mode: 1,
      wc: 0,
      shard: '-9223372036854775808',
    });
  });

  void it('decode bare `true` flags without consuming bytes', () => {
    const w = new TLWriteBuffer();
    w.writeInt32(-1); // workchain
    w.writeInt64('-9223372036854775808');
    w.writeInt32(5);
    w.writeInt256(Buffer.alloc(32, 1));
    w.writeInt256(Buffer.alloc(32, 2));
    w.writeUInt32(7 | 64 | 32); // mode: reverse_order and want_proof set
    w.writeUInt32(10);
    const sut = Codecs.liteServer_listBlockTransactionsExt.decode(new TLReadBuffer(w.build()));
    assert.equal(sut.reverseOrder, true);
    assert.equal(sut.wantProof, true);
    assert.equal(sut.after, null);
    assert.equal(sut.count, 10);
  });
});
