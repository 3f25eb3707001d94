/** The NATS server (with JetStream) that integration tests use: NATS_URL, else the local one. */
export function natsUrl(): string {
  const fromEnv = process.env.NATS_URL;
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : 'nats://127.0.0.1:4222';
}
