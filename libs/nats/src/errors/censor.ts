/**
 * Hides network locations in messages that leave a service (opentonapi `censor()`): liteserver
 * hosts and ports must never reach a client.
 */
export function censor(message: string): string {
  return message
    .replace(/\[[0-9a-fA-F:]+\](:\d+)?/g, '<hidden>')
    .replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, '<hidden>')
    .replace(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}:\d+\b/gi, '<hidden>');
}
