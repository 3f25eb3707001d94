/**
 * A handler's reply as RpcContextInterceptor serialised it: the transports (TonNatsServer,
 * InProcessServer) send this text as it is. A reply is turned into JSON exactly once, inside the
 * interceptor, so a value JSON cannot carry (a bigint) fails there as a logged INTERNAL error
 * reply instead of a publisher exception that leaves the caller waiting for its deadline.
 */
export class SerializedReply {
  constructor(readonly json: string) {}
}

/** The reply's JSON text: a SerializedReply's own, else the value stringified (undefined for undefined). */
export function replyJson(response: unknown): string | undefined {
  if (response instanceof SerializedReply) {
    return response.json;
  }
  // JSON.stringify answers undefined for undefined, whatever its declared type says.
  const text: string | undefined = JSON.stringify(response);
  return text;
}
