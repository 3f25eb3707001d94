import { ErrorCode, TonApiError } from '@app/contracts';
import { type PoolTarget } from '@app/liteclient';
import {
  checkExternalMessageBoc,
  type CheckedExternalMessage,
  ExternalMessageRejection,
} from '@app/ton';
import { type Logger } from 'pino';
import { type MessageEventsPublisher } from '../events/message-events.publisher';
import { type SendOutcome, type SenderMetrics } from '../metrics/sender.metrics';
import { fanOut, type FanOutResult, rejectionOf } from './fan-out';
import { type MessageLimitsReader } from './message-limits.reader';
import { type SentMessage } from './sent-message.listener';
import { type SentMessageStore } from './sent-message.store';

/** The hashes a send answers with (toncenter `raw.extMessageInfo`), base64. */
export interface SendReceipt {
  readonly hash: string;
  readonly hashNorm: string;
}

export interface MessageSenderDeps {
  readonly targets: (count: number) => PoolTarget[];
  readonly limits: MessageLimitsReader;
  readonly store: SentMessageStore;
  readonly events: MessageEventsPublisher;
  readonly metrics: SenderMetrics;
  readonly logger: Logger;
  readonly fanout: number;
  /** Told about every first send (the landing watcher, the pending-trace half). */
  readonly onFirstSend: readonly ((message: SentMessage) => void)[];
}

/**
 * sendBoc / sendBocReturnHash / v3 POST message (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): validates
 * the BoC as a complete external message within the network's limits (nothing is sent otherwise),
 * sends it to several liteservers in parallel and answers on the first acceptance. A message every
 * liteserver refuses is still a success when it was sent within the dedupe window (a resubmission
 * after it applied: the wallet's seqno has moved on), so duplicates are idempotent across replicas.
 */
export class MessageSender {
  constructor(private readonly deps: MessageSenderDeps) {}

  async send(boc: string): Promise<SendReceipt> {
    const message = await this.validate(boc);
    const receipt: SendReceipt = {
      hash: message.hash.toString('base64'),
      hashNorm: message.hashNorm.toString('base64'),
    };
    const bytes = message.root.toBoc({ idx: false });
    const result = await this.broadcast(bytes);
    if (result.accepted) {
      const sentAt = Date.now();
      const first = await this.remember(receipt, sentAt);
      this.deps.metrics.countSend(first ? 'accepted' : 'resent');
      if (first) {
        this.announce({
          hash: receipt.hash,
          hashNorm: receipt.hashNorm,
          boc: bytes.toString('base64'),
          destination: message.destination.toRawString().toUpperCase(),
          sentAt,
        });
      }
      return receipt;
    }
    const rejection = rejectionOf(result.failures);
    if (rejection.code === ErrorCode.MESSAGE_REJECTED && (await this.wasSent(receipt.hash))) {
      this.deps.metrics.countSend('duplicate');
      return receipt;
    }
    this.deps.metrics.countSend(outcomeOf(rejection));
    throw rejection;
  }

  private async validate(boc: string): Promise<CheckedExternalMessage> {
    try {
      return checkExternalMessageBoc(Buffer.from(boc, 'base64'), await this.deps.limits.current());
    } catch (error) {
      if (error instanceof ExternalMessageRejection) {
        this.deps.metrics.countSend('invalid');
        throw new TonApiError(ErrorCode.INVALID_ARGUMENT, `invalid boc: ${error.reason}`, {
          details: { param: 'boc' },
        });
      }
      throw error;
    }
  }

  private broadcast(bytes: Buffer): Promise<FanOutResult> {
    const targets = this.deps.targets(Number.MAX_SAFE_INTEGER).map((target) => ({
      server: target.server,
      send: async () => {
        // liteServer.sendMessage body:bytes = liteServer.SendMsgStatus
        await target.call('sendMessage', (client) => client.sendMessage(bytes));
      },
    }));
    return fanOut(targets, this.deps.fanout, (attempt) => {
      this.deps.metrics.observeLiteserver(attempt.server, attempt.result, attempt.seconds);
    });
  }

  /** True when this is the first send of the hash; a KV outage never fails an accepted send. */
  private async remember(receipt: SendReceipt, sentAt: number): Promise<boolean> {
    try {
      return await this.deps.store.remember({
        hash: receipt.hash,
        hash_norm: receipt.hashNorm,
        sent_at: sentAt,
      });
    } catch (error) {
      this.deps.logger.warn({ err: String(error) }, 'sent hash not recorded');
      return true;
    }
  }

  private async wasSent(hash: string): Promise<boolean> {
    try {
      return (await this.deps.store.recall(hash)) !== undefined;
    } catch (error) {
      this.deps.logger.warn({ err: String(error) }, 'sent hashes not readable');
      return false;
    }
  }

  private announce(message: SentMessage): void {
    for (const listener of this.deps.onFirstSend) {
      try {
        listener(message);
      } catch (error) {
        this.deps.logger.warn(
          { err: String(error), hash: message.hash },
          'sent-message listener failed',
        );
      }
    }
    this.deps.events
      .sent({
        hash: message.hash,
        hash_norm: message.hashNorm,
        destination: message.destination,
        sent_at: message.sentAt,
        boc: message.boc,
      })
      .catch((error: unknown) => {
        this.deps.logger.warn(
          { err: String(error), hash: message.hash },
          'message.sent not published',
        );
      });
  }
}

function outcomeOf(error: TonApiError): SendOutcome {
  return error.code === ErrorCode.MESSAGE_REJECTED ? 'rejected' : 'unavailable';
}
