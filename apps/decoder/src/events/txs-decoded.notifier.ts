import { type Logger } from 'pino';
import { type Counter } from 'prom-client';
import { type TxsDecodedPublisher } from './txs-decoded.publisher';

/**
 * Announces decoded masterchain blocks without ever holding up or failing decoding: `notify` returns at
 * once, one publish runs at a time, and while one is in flight only the newest seqno waits (the event
 * is a wake-up for readers that re-read the watermark, so a skipped seqno loses nothing; normally each
 * publish takes a millisecond and every block gets its event). A failed publish is logged and counted.
 */
export class TxsDecodedNotifier {
  private next: number | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly publisher: TxsDecodedPublisher,
    private readonly failures: Counter,
    private readonly logger: Logger,
  ) {}

  notify(mcSeqno: number): void {
    this.next = Math.max(mcSeqno, this.next ?? 0);
    if (this.running === undefined) {
      this.start();
    }
  }

  /** Resolves once nothing is waiting or in flight (shutdown and tests). */
  async idle(): Promise<void> {
    while (this.running !== undefined) {
      await this.running;
    }
  }

  private start(): void {
    this.running = this.drain().finally(() => {
      this.running = undefined;
      // A notify between the loop's last check and this callback found it still running.
      if (this.next !== undefined) {
        this.start();
      }
    });
  }

  private async drain(): Promise<void> {
    for (let seqno = this.take(); seqno !== undefined; seqno = this.take()) {
      try {
        await this.publisher.publish({ mc_seqno: seqno });
      } catch (error) {
        this.failures.inc();
        this.logger.warn({ err: String(error), mcSeqno: seqno }, 'txs.decoded not published');
      }
    }
  }

  private take(): number | undefined {
    const seqno = this.next;
    this.next = undefined;
    return seqno;
  }
}
