import { z } from 'zod';

/** One liteserver of a TON global config (`liteservers[]` of liteclient.config.global). */
export interface LiteserverEndpoint {
  readonly host: string;
  readonly port: number;
  /** The server's ed25519 public key (`id.key`), 32 bytes. */
  readonly publicKey: Buffer;
}

const Base64Key = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'expected a base64 ed25519 key of 32 bytes');

const LiteserverEntry = z.object({
  // The IPv4 address as a signed int32, as every published global config writes it.
  ip: z.number().int().min(-2147483648).max(4294967295),
  port: z.number().int().min(1).max(65535),
  id: z.object({ '@type': z.literal('pub.ed25519'), key: Base64Key }),
});

const GlobalConfig = z.object({
  liteservers: z.array(LiteserverEntry).min(1, 'the config lists no liteservers'),
});

/** Signed or unsigned int32 → dotted quad. */
export function ipv4FromInt(ip: number): string {
  const unsigned = ip >>> 0;
  return [24, 16, 8, 0].map((shift) => (unsigned >>> shift) & 0xff).join('.');
}

/** Dotted quad → the signed int32 global configs use. */
export function ipv4ToSignedInt(host: string): number {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    throw new Error(`not an IPv4 address: ${host}`);
  }
  return parts.reduce((acc, p) => ((acc << 8) | p) >>> 0, 0) | 0;
}

/** Reads the liteservers of a TON global config JSON value; throws with the offending path. */
export function parseGlobalConfig(json: unknown): LiteserverEndpoint[] {
  const parsed = GlobalConfig.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.join('.') : '';
    throw new Error(`invalid global config at "${path}": ${issue?.message ?? 'unknown error'}`);
  }
  return parsed.data.liteservers.map((ls) => ({
    host: ipv4FromInt(ls.ip),
    port: ls.port,
    publicKey: Buffer.from(ls.id.key, 'base64'),
  }));
}
