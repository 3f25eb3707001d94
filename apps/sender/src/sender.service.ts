import { type EstimateFeeReq, type ExtMessageInfo, type QueryFees } from '@app/contracts';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { FeeEstimator } from './fees/fee.estimator';
import { MessageSender } from './send/message.sender';
import { SENT_MESSAGE_STORE, type SentMessageStore } from './send/sent-message.store';

/**
 * The send path and fee estimates over the sender's own liteserver pool, with the parts that
 * sender.providers.ts builds (each first send is handed there to the landing watcher and the
 * listener of pending traces); closes the store of sent hashes at shutdown.
 */
@Injectable()
export class SenderService implements OnApplicationShutdown {
  constructor(
    private readonly estimator: FeeEstimator,
    private readonly sender: MessageSender,
    @Inject(SENT_MESSAGE_STORE) private readonly store: SentMessageStore,
  ) {}

  async send(boc: string): Promise<ExtMessageInfo> {
    const receipt = await this.sender.send(boc);
    return { '@type': 'raw.extMessageInfo', hash: receipt.hash, hash_norm: receipt.hashNorm };
  }

  estimateFee(req: EstimateFeeReq): Promise<QueryFees> {
    return this.estimator.estimate(req);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
