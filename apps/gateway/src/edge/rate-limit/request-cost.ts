/**
 * How many calls one request makes, for the rate limit: a JSON-RPC batch (an array body) is one call
 * per element, as if each had been sent alone ("the JSON-RPC endpoint counts each call");
 * anything else, including an empty batch, counts once.
 */
export function requestCost(body: unknown): number {
  return Array.isArray(body) && body.length > 0 ? body.length : 1;
}
