import { type LiteserverPool, readConfig } from '@app/liteclient';
import {
  DEFAULT_EXTERNAL_MESSAGE_LIMITS,
  type ExternalMessageLimits,
  externalMessageLimitsOf,
} from '@app/ton';
import { type Logger } from 'pino';

/** Config param 43 changes by a vote of validators: re-read now and then, not per message. */
const REFRESH_MS = 5 * 60_000;

/**
 * The network's limits on external messages (config param 43), read from the masterchain head and
 * kept for a few minutes. Until the first read (or when it fails) the node's defaults apply: a send is
 * never refused because the config could not be read.
 */
export class MessageLimitsReader {
  private limits: ExternalMessageLimits = DEFAULT_EXTERNAL_MESSAGE_LIMITS;
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly pool: Pick<LiteserverPool, 'execute'>,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<ExternalMessageLimits> {
    if (this.now() - this.readAt >= REFRESH_MS) {
      this.reading ??= this.refresh().finally(() => {
        this.reading = undefined;
      });
      await this.reading;
    }
    return this.limits;
  }

  private async refresh(): Promise<void> {
    try {
      const { value } = await this.pool.execute('getConfigAll', async (client) =>
        readConfig(client, (await client.getMasterchainInfo()).last),
      );
      this.limits = externalMessageLimitsOf(value.get(43));
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'config param 43 not read; default message limits');
    }
    this.readAt = this.now();
  }
}
