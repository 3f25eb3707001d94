import { type LiteEngine } from 'ton-lite-client';
import {
  checkBlockHeaderProof,
  LiteApiSchema,
  proofBlockId,
  type ProofBlockId,
  proofRoot,
} from '@app/ton';
import { classifyFailure } from '../liteserver-errors';

/** Which part of a liteserver's identity is not the configured network's. */
export type NetworkMismatch = 'zero_state' | 'global_id';

function hex(buffer: Uint8Array): string {
  return Buffer.from(buffer).toString('hex');
}

/**
 * The connect-time check that a liteserver serves the configured network, run once per connection
 * before it gets reads:
 *   - zero state: liteServer.getMasterchainInfo's `init` (tonNode.zeroStateIdExt) must be the global
 *     config's `validator.zero_state` (workchain, root hash and file hash), as tonlib refuses a
 *     liteserver whose `init` differs (tonlib/tonlib/LastBlock.cpp, https://github.com/ton-blockchain/ton);
 *   - global id: the `global_id` of the Block header of its head (read through a Merkle proof that
 *     hashes to the block's root hash; through the verifying engine when the pool verifies, so the
 *     head is proven too) must be the one of the first liteserver whose header was read — the
 *     network's id, since with an anchor that header is proven from it.
 * The zero state is asked of the plain connection: a liteserver of another chain must be recognised
 * as such, not only as a failed proof of its head.
 */
export class NetworkIdentity {
  private globalId: number | undefined;
  /** Verdicts for the current connection of each liteserver (forgotten when it reconnects). */
  private readonly verdicts = new Map<number, NetworkMismatch | 'ok'>();

  constructor(
    private readonly zeroState: ProofBlockId,
    private readonly onMismatch: (server: number, what: NetworkMismatch, message: string) => void,
    /**
     * The liteserver announced a head it answers no header of (an error, not a failed proof): it
     * cannot prove what it announces, so it counts as unverified, not as a flaky connection.
     */
    private readonly onUnprovableHead: (server: number, message: string) => void = () => undefined,
  ) {}

  /** The liteserver reconnected: its next probe checks it again. */
  forget(server: number): void {
    this.verdicts.delete(server);
  }

  /** The network's global_id as learned from the first header read (undefined before). */
  get networkGlobalId(): number | undefined {
    return this.globalId;
  }

  /**
   * Whether liteserver `server` serves the configured network: checked on its first call per
   * connection (`plain` unverified, `reader` the engine its reads go through), remembered after.
   * Timeouts and transport failures are thrown (the probe fails; the check runs again next time).
   */
  async admits(server: number, plain: LiteEngine, reader: LiteEngine): Promise<boolean> {
    const known = this.verdicts.get(server);
    if (known !== undefined) {
      return known === 'ok';
    }
    const verdict = await this.check(server, plain, reader);
    this.verdicts.set(server, verdict);
    return verdict === 'ok';
  }

  private async check(
    server: number,
    plain: LiteEngine,
    reader: LiteEngine,
  ): Promise<NetworkMismatch | 'ok'> {
    const info = await plain.query(LiteApiSchema.Functions.liteServer_getMasterchainInfo, {
      kind: 'liteServer.getMasterchainInfo',
    });
    const init = info.init;
    if (
      init.workchain !== this.zeroState.workchain ||
      !Buffer.from(init.rootHash).equals(this.zeroState.rootHash) ||
      !Buffer.from(init.fileHash).equals(this.zeroState.fileHash)
    ) {
      this.onMismatch(
        server,
        'zero_state',
        `its zero state is ${hex(init.rootHash)}, the global config's ${hex(this.zeroState.rootHash)}`,
      );
      return 'zero_state';
    }
    const header = await reader
      .query(LiteApiSchema.Functions.liteServer_getBlockHeader, {
        kind: 'liteServer.getBlockHeader',
        id: info.last,
        mode: 0,
      })
      .catch((error: unknown) => {
        // A liteserver always holds the header of the head it announces; an error answer (not a
        // timeout or a dropped connection) means the announced head is not a block it has.
        if (classifyFailure(error) === 'answer') {
          this.onUnprovableHead(
            server,
            `it announces masterchain block ${String(info.last.seqno)} and answers no header of it: ${
              error instanceof Error ? error.message : String(error)
            }`,
          );
        }
        throw error;
      });
    const { globalId } = checkBlockHeaderProof(
      proofRoot(Buffer.from(header.headerProof), 'block_header', 'header proof'),
      proofBlockId(info.last),
    );
    this.globalId ??= globalId;
    if (globalId !== this.globalId) {
      this.onMismatch(
        server,
        'global_id',
        `its blocks carry global_id ${String(globalId)}, the network's is ${String(this.globalId)}`,
      );
      return 'global_id';
    }
    return 'ok';
  }
}
