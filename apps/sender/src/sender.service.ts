import { type EstimateFeeReq, type ExtMessageInfo, type QueryFees } from '@app/contracts';
import { EmulatorBehindNotice, PINO_LOGGER } from '@app/observability';
import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { MESSAGE_EVENTS, type MessageEventsPublisher } from './events/message-events.publisher';
import { FeeEstimator } from './fees/fee.estimator';
import { LandingService } from './landing/landing.service';
import { SenderMetrics } from './metrics/sender.metrics';
import { MessageLimitsReader } from './send/message-limits.reader';
import { MessageSender } from './send/message.sender';
import {
  SENT_MESSAGE_LISTENER,
  type SentMessage,
  type SentMessageListener,
} from './send/sent-message.listener';
import { SENT_MESSAGE_STORE, type SentMessageStore } from './send/sent-message.store';
import { SenderPool } from './sender-pool';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';

/**
 * The send path and fee estimates over the sender's own liteserver pool, on the store of sent hashes
 * and the events that sender.providers.ts provides; each first send is handed to the landing watcher
 * and the listener (pending traces).
 */
@Injectable()
export class SenderService implements OnApplicationShutdown {
  private readonly estimator: FeeEstimator;
  private readonly sender: MessageSender;

  constructor(
    @Inject(SENDER_OPTIONS) options: SenderOptions,
    pool: SenderPool,
    @Inject(PINO_LOGGER) logger: Logger,
    @Inject(Registry) registry: Registry,
    metrics: SenderMetrics,
    @Inject(SENT_MESSAGE_STORE) private readonly store: SentMessageStore,
    @Inject(MESSAGE_EVENTS) events: MessageEventsPublisher,
    landing: LandingService,
    @Optional() @Inject(SENT_MESSAGE_LISTENER) listener?: SentMessageListener,
  ) {
    const behind = new EmulatorBehindNotice(registry, logger, 'estimate_fee');
    this.estimator = new FeeEstimator(pool, (version) => {
      behind.seen(version);
    });
    const onFirstSend: ((message: SentMessage) => void)[] = [
      (message) => {
        landing.track(message);
      },
    ];
    if (listener !== undefined) {
      onFirstSend.push((message) => {
        listener.onSent(message);
      });
    }
    const senderLogger = logger.child({ component: 'sender' });
    this.sender = new MessageSender({
      targets: (count) => pool.targets(count),
      limits: new MessageLimitsReader(pool, senderLogger),
      store,
      events,
      metrics,
      logger: senderLogger,
      fanout: options.fanout,
      onFirstSend,
    });
  }

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
