import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { findFreePort } from '@app/database';
import { AdnlLiteEngine } from '@app/liteclient';
import { LiteApiSchema, parseGlobalConfig } from '@app/ton';
import { EMPTY_CHAIN_ENV, Standalone, waitUntil, workDir } from './support/standalone-process';

const SHARD_ALL = '-9223372036854775808';

interface KeptKeyBlock {
  zero_state: { root_hash: string };
  key_block: { seqno: number; root_hash: string };
}

/** The fields of the boot's "proven from" log line: where the pools start proving. */
function trustLine(run: Standalone): { from: string; seqno: number; ignored?: string } {
  for (const line of run.output.split('\n')) {
    try {
      const parsed = JSON.parse(line) as { msg?: string; from?: string; seqno?: number };
      if (parsed.msg?.startsWith('liteserver answers are proven from') === true) {
        return parsed as { from: string; seqno: number; ignored?: string };
      }
    } catch {
      // not a log line
    }
  }
  throw new Error(`no trust line in:\n${run.output.slice(-3000)}`);
}

/**
 * `npm start` keeps the newest key block it proved in .data/trust and, started again, proves from it
 * instead of from the global config's init block (the zero state of the local chain). (A kept block
 * inconsistent with the config is ignored: libs/liteclient/src/trust/key-block-file.spec.ts.) The
 * local network signs with Simplex sets (LOCALNET_SIGNATURES=simplex), as mainnet's key-block chain
 * is signed, so every proof of both runs goes through them.
 */
void describe('npm start keeps the proven key block across restarts', () => {
  const dir = workDir();
  const trustDir = join(dir, '.data', 'trust');
  let run: Standalone | undefined;

  after(async () => {
    await run?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const kept = (): KeptKeyBlock | undefined => {
    const files = (() => {
      try {
        return readdirSync(trustDir).filter((f) => /^key-block-[0-9a-f]{16}\.json$/.test(f));
      } catch {
        // the trust directory is created on the first key block; before that nothing is kept.
        return [];
      }
    })();
    const [file] = files;
    return file === undefined
      ? undefined
      : (JSON.parse(readFileSync(join(trustDir, file), 'utf8')) as KeptKeyBlock);
  };

  /** The kind of signature set the local liteserver's forward link to block `seqno` carries. */
  async function signatureSetKind(seqno: number): Promise<string> {
    const [server] = parseGlobalConfig(
      JSON.parse(readFileSync(join(dir, 'localnet.config.json'), 'utf8')),
    );
    assert.ok(server);
    const engine = new AdnlLiteEngine({ ...server, reconnectMs: 500 });
    try {
      await waitUntil(() => engine.isReady(), 'a direct connection to the liteserver');
      const lookup = await engine.query(LiteApiSchema.Functions.liteServer_lookupBlock, {
        kind: 'liteServer.lookupBlock',
        mode: 1,
        id: { kind: 'tonNode.blockId', workchain: -1, shard: SHARD_ALL, seqno },
        lt: null,
        utime: null,
      });
      const zero = await engine.query(LiteApiSchema.Functions.liteServer_getMasterchainInfo, {
        kind: 'liteServer.getMasterchainInfo',
      });
      const proof = await engine.query(LiteApiSchema.Functions.liteServer_getBlockProof, {
        kind: 'liteServer.getBlockProof',
        mode: 1,
        knownBlock: {
          kind: 'tonNode.blockIdExt',
          workchain: zero.init.workchain,
          shard: SHARD_ALL,
          seqno: 0,
          rootHash: zero.init.rootHash,
          fileHash: zero.init.fileHash,
        },
        targetBlock: lookup.id,
      });
      const link = proof.steps.at(-1);
      assert.ok(link?.kind === 'liteServer.blockLinkForward');
      return link.signatures.kind;
    } finally {
      engine.close();
    }
  }

  void it('proves from the config first, keeps a key block made later, and starts from it next time', async () => {
    const port = await findFreePort();
    const adminPort = await findFreePort();
    const env = {
      ...EMPTY_CHAIN_ENV,
      LOCALNET_ADMIN_PORT: String(adminPort),
      LOCALNET_SIGNATURES: 'simplex',
      SHED_EVENT_LOOP_DELAY_MS: '0',
    };
    run = await new Standalone(dir, port, env).start();
    assert.deepEqual([trustLine(run).from, trustLine(run).seqno], ['global config', 0]);
    const made = (await (
      await fetch(`http://127.0.0.1:${String(adminPort)}/key-block`, { method: 'POST' })
    ).json()) as { seqno: number; keyBlock: boolean };
    assert.equal(made.keyBlock, true);
    // Proven (and kept) once a head past it is proven: the next head reads do it.
    await waitUntil(async () => {
      await run?.head();
      return (kept()?.key_block.seqno ?? 0) >= made.seqno;
    }, 'the key block kept');
    const keptBlock = kept();
    assert.ok(keptBlock);
    assert.equal(keptBlock.key_block.seqno, made.seqno);
    const { body } = await run.get(
      `api/v2/lookupBlock?workchain=-1&shard=${SHARD_ALL}&seqno=${String(made.seqno)}`,
    );
    assert.equal(
      (body as { result: { root_hash: string } }).result.root_hash,
      keptBlock.key_block.root_hash,
    );
    assert.equal(keptBlock.zero_state.root_hash, await run.zeroState());
    assert.equal(await signatureSetKind(made.seqno), 'liteServer.signatureSet.simplex');
    await run.stop();

    run = await new Standalone(dir, port, env).start();
    assert.deepEqual(
      [trustLine(run).from, trustLine(run).seqno],
      ['persisted key block', made.seqno],
    );
    // Proven from there: the head answers, past the kept block.
    assert.ok((await run.head()) > made.seqno);
  });
});
