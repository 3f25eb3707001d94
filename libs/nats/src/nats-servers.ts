/** NATS_URL may list several servers separated by commas (the config lib validates each). */
export function natsServers(natsUrl: string): string[] {
  return natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
