import { type SendMessageReq, type TonlibOk } from '@app/contracts';
import { type LiteserverPool } from '@app/liteclient';

/**
 * liteServer.sendMessage body:bytes = liteServer.SendMsgStatus (toncenter v2 §9). A message the
 * liteserver refuses comes back as its `LITE_SERVER_UNKNOWN: cannot apply external message…` (500).
 */
export class MessageSender {
  constructor(private readonly pool: LiteserverPool) {}

  async send(req: SendMessageReq): Promise<TonlibOk> {
    await this.pool.execute('sendMessage', (client) =>
      client.sendMessage(Buffer.from(req.boc, 'base64')),
    );
    return { '@type': 'ok' };
  }
}
