import { AdnlServer, type AdnlLogger } from '../adnl';
import type { ChainReader } from '../chain/chain-reader';
import {
  createLiteApiDispatcher,
  encodeLiteServerError,
  type LiteApiDispatcher,
  LiteServerErrorCode,
} from '../lite-api';
import { LaggingChainReader } from './lagging-chain-reader';
import { LiteServerFault } from './lite-server-fault';
import { STALE_HANDLERS } from './stale-handlers';
import { LYING_HANDLERS } from './lying-handlers';
import { FORGED_SIGNATURE_HANDLERS } from './forged-signature-handlers';
import { FORGED_TX_BLOCKS_HANDLERS } from './forged-tx-blocks-handlers';

export interface LiteServerNodeOptions {
  /** 32-byte ed25519 seed of the node's ADNL key. */
  readonly seed: Buffer;
  readonly host?: string;
  /** 0 = an ephemeral port. */
  readonly port?: number;
  readonly logger?: AdnlLogger;
}

export interface LiteServerEndpointInfo {
  readonly host: string;
  readonly port: number;
  readonly publicKey: Buffer;
}

/**
 * One liteserver of the local network: an ADNL-over-TCP server on its own key and port answering the
 * lite_api from a chain, with a fault that can be switched at runtime.
 */
export class LiteServerNode {
  private readonly adnl: AdnlServer;
  private readonly direct: LiteApiDispatcher;
  private readonly lagging: LiteApiDispatcher;
  private readonly lying: LiteApiDispatcher;
  private readonly stale: LiteApiDispatcher;
  private readonly forgedSignature: LiteApiDispatcher;
  private readonly forgedTxBlocks: LiteApiDispatcher;
  private fault: LiteServerFault = { mode: 'none' };
  private readonly stalled = new Set<() => void>();
  private bound: { host: string; port: number } | null = null;

  constructor(
    readonly chain: ChainReader,
    private readonly options: LiteServerNodeOptions,
  ) {
    this.direct = createLiteApiDispatcher({ chain });
    this.lagging = createLiteApiDispatcher({
      chain: new LaggingChainReader(chain, () => this.fault.lagBlocks ?? 0),
    });
    this.lying = createLiteApiDispatcher({ chain, handlers: LYING_HANDLERS });
    this.stale = createLiteApiDispatcher({ chain, handlers: STALE_HANDLERS });
    this.forgedSignature = createLiteApiDispatcher({ chain, handlers: FORGED_SIGNATURE_HANDLERS });
    this.forgedTxBlocks = createLiteApiDispatcher({ chain, handlers: FORGED_TX_BLOCKS_HANDLERS });
    this.adnl = new AdnlServer({
      seed: options.seed,
      handler: (query) => this.answer(query),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }

  get publicKey(): Buffer {
    return this.adnl.publicKey;
  }

  get endpoint(): LiteServerEndpointInfo {
    if (!this.bound) {
      throw new Error('liteserver node is not listening');
    }
    return { ...this.bound, publicKey: this.publicKey };
  }

  get currentFault(): LiteServerFault {
    return this.fault;
  }

  get connectionCount(): number {
    return this.adnl.connectionCount;
  }

  async start(): Promise<LiteServerEndpointInfo> {
    this.bound = await this.adnl.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1');
    return this.endpoint;
  }

  /** Switches the fault; validated, so a bad value from a CLI or test fails loudly. */
  setFault(fault: LiteServerFault): void {
    const next = LiteServerFault.parse(fault);
    this.fault = next;
    this.adnl.setRefusing(next.mode === 'drop');
    if (next.mode !== 'stall') {
      const release = [...this.stalled];
      this.stalled.clear();
      for (const r of release) {
        r();
      }
    }
  }

  async close(): Promise<void> {
    await this.adnl.close();
    const release = [...this.stalled];
    this.stalled.clear();
    for (const r of release) {
      r();
    }
  }

  private async answer(query: Buffer): Promise<Buffer> {
    switch (this.fault.mode) {
      case 'none':
        return this.direct(query);
      case 'lag':
        return this.lagging(query);
      case 'lie':
        return this.lying(query);
      case 'stale':
        return this.stale(query);
      case 'forge-signature':
        return this.forgedSignature(query);
      case 'forge-tx-blocks':
        return this.forgedTxBlocks(query);
      case 'error':
        // run_ext_query's answer while the node is not ready
        return encodeLiteServerError(
          this.fault.errorCode ?? LiteServerErrorCode.notready,
          this.fault.errorMessage ?? 'node not synced',
        );
      case 'drop':
        return encodeLiteServerError(LiteServerErrorCode.notready, 'node not synced');
      case 'stall':
        await new Promise<void>((resolve) => {
          this.stalled.add(resolve);
        });
        return this.answer(query);
    }
  }
}
