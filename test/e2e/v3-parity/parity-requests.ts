import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';
import { type Closable } from '../support/boot-once';
import { startV3Harness, type JsonReply, type V3Harness } from '../support/v3-harness';
import { type ParamKind, type ParityRoute } from '../support/v3-parity.table';

export const HASH_HEX = 'ab'.repeat(32);
export const EMPTY_BOC = beginCell()
  .endCell()
  .toBoc({ idx: false, crc32: true })
  .toString('base64');

export function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

export function errorOf(reply: JsonReply): string {
  const body = record(reply.body);
  assert.deepEqual(Object.keys(body), ['error'], JSON.stringify(body));
  return String(body.error);
}

/** A 422 with exactly toncenter's (or this service's documented) text. */
export function refused(reply: JsonReply, text: string): void {
  assert.equal(reply.status, 422, JSON.stringify(reply.body));
  assert.equal(errorOf(reply), text);
}

/** The indexed localnet of the parity spec and the traffic wallet its requests name. */
export interface ParityFixture extends Closable {
  readonly h: V3Harness;
  /** The first traffic wallet's raw address. */
  readonly wallet: string;
}

export async function startParityFixture(): Promise<ParityFixture> {
  const h = await startV3Harness();
  return { h, wallet: h.wallets[0] ?? '', close: () => h.close() };
}

/** Requests built from the parity table: a sample value per parameter kind. */
export function parityRequests(fixture: () => ParityFixture) {
  /** One GET with the X-Ignored-Params header of its answer. */
  async function raw(
    path: string,
    params: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown; ignored: string | null }> {
    const query = new URLSearchParams(Object.entries(params)).toString();
    const response = await fetch(`${fixture().h.baseUrl}/api/${path}?${query}`, { headers });
    return {
      status: response.status,
      body: await response.json(),
      ignored: response.headers.get('x-ignored-params'),
    };
  }

  function sample(kind: ParamKind, param: string): string {
    switch (kind) {
      case 'address':
      case 'addresses':
      case 'nullable_address':
        return fixture().wallet;
      case 'hash':
      case 'hashes':
        return HASH_HEX;
      case 'int32':
      case 'uint32':
      case 'uint64':
        return '1';
      case 'shard':
        return '8000000000000000';
      case 'opcode':
        return '0x0f8a7ea5';
      case 'bool':
        return 'true';
      case 'sort':
        return 'asc';
      case 'direction':
        return 'in';
      case 'transfer_direction':
        return 'both';
      case 'action_types':
        return 'ton_transfer';
      case 'index':
        return '0';
      case 'domain':
        return 'foundation.ton';
      case 'strings':
        return param === 'bodies' ? EMPTY_BOC : '0x0f8a7ea5';
    }
  }

  function values(params: Readonly<Record<string, ParamKind>>): Record<string, string> {
    return Object.fromEntries(Object.entries(params).map(([k, kind]) => [k, sample(kind, k)]));
  }

  /** The request of `route` with `param` set: its base (less what `param` excludes) and needs. */
  function requestWith(route: ParityRoute, param: string, kind: ParamKind): Record<string, string> {
    const excluded = route.exclusive?.includes(param) === true ? route.exclusive : [];
    const base = Object.fromEntries(
      Object.entries(values(route.base ?? {})).filter(([k]) => !excluded.includes(k)),
    );
    return { ...base, ...values(route.needs?.[param] ?? {}), [param]: sample(kind, param) };
  }

  return { raw, values, requestWith };
}
