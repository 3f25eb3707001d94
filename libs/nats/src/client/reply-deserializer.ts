import { type Msg } from '@nats-io/transport-node';
import { type IncomingResponse, NatsResponseJSONDeserializer } from '@nestjs/microservices';

import {
  parsePartHeader,
  REPLY_DISPOSED_HEADER,
  REPLY_ID_HEADER,
  REPLY_PART_HEADER,
  ReplyPart,
} from '../chunking/reply-chunks';

/**
 * ClientNats' deserializer, reading the raw reply parts TonNatsServer publishes (reply-chunks.ts) as
 * ReplyPart values, which RpcClient joins; any other message is Nest's JSON envelope, read as Nest
 * reads it.
 */
export class TonNatsReplyDeserializer extends NatsResponseJSONDeserializer {
  override deserialize(value: Msg): IncomingResponse | Promise<IncomingResponse> {
    const header = value.headers?.get(REPLY_PART_HEADER);
    const part = header === undefined || header === '' ? undefined : parsePartHeader(header);
    if (part === undefined) {
      return super.deserialize(value);
    }
    return {
      id: value.headers?.get(REPLY_ID_HEADER) ?? '',
      // A copy: the message's bytes are a view into the connection's read buffer, and the parts of
      // one reply are held until the last arrives.
      response: new ReplyPart(part.index, part.count, Buffer.from(value.data)),
      isDisposed: value.headers?.get(REPLY_DISPOSED_HEADER) === 'true',
    };
  }
}
