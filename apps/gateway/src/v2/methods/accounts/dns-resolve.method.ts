import { createHash } from 'node:crypto';
import { type DnsResolveReq, MAX_DNS_NAME_BYTES, Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param, V2Range } from '../../v2-schemas';
import {
  optionalHash,
  optionalInteger,
  optionalSeqno,
  own,
  type ParamSource,
  parseError,
  type RawParams,
  requiredAddress,
  validationError,
} from '../../v2-params';

function optionalText(raw: RawParams, name: string, source: ParamSource): string | undefined {
  const value = own(raw, name);
  if (value === undefined || value === null || value === '') {
    return undefined;
  }
  if (typeof value !== 'string') {
    throw parseError(source, `failed to parse ${name}`, name);
  }
  return value;
}

/**
 * `category`: a record's name (`wallet`, `site`, `storage`, `dns_next_resolver`), whose sha256 is the
 * TEP-81 category, or that 256-bit hash itself; absent for every category. 2.1 reads it and then
 * resolves every category whatever it says; here it selects the one asked for.
 */
function optionalCategory(raw: RawParams, source: ParamSource): string | undefined {
  const text = optionalText(raw, 'category', source);
  if (text === undefined) {
    return undefined;
  }
  if (/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(text)) {
    return optionalHash({ category: text }, 'category', source)?.toString('base64');
  }
  if (text.length > 127) {
    throw parseError(source, 'failed to parse category', 'category');
  }
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

function parseDnsResolve(raw: RawParams, source: ParamSource): DnsResolveReq {
  const address =
    own(raw, 'address') === undefined || own(raw, 'address') === ''
      ? undefined
      : requiredAddress(raw, 'address', source);
  const name = optionalText(raw, 'name', source) ?? '';
  if (Buffer.byteLength(name, 'utf8') > MAX_DNS_NAME_BYTES) {
    throw parseError(source, 'failed to parse name', 'name');
  }
  const category = optionalCategory(raw, source);
  const ttl = optionalInteger(raw, 'ttl', source) ?? 0;
  if (ttl < 0) {
    throw validationError('ttl should be non-negative', 'ttl');
  }
  const seqno = optionalSeqno(raw, source);
  return {
    ...(address === undefined ? {} : { address }),
    name,
    ...(category === undefined ? {} : { category }),
    ttl,
    ...(seqno === undefined ? {} : { seqno }),
  };
}

/**
 * dnsResolve (2.1): TEP-81 resolution of `name` from the resolver `address` (default: the root DNS
 * of config param 4), following up to `ttl` next resolvers (default 0: the first resolver's answer),
 * as of `seqno`; `dns.resolved`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml,
 * ton-http-api-cpp DnsResolveHandler.cpp).
 */
export const dnsResolve = defineV2Method({
  name: 'dnsResolve',
  verbs: ['GET', 'POST'],
  params: z.object({
    address: V2Param.address(
      'Resolver to start from (default: the root DNS, config param 4)',
    ).optional(),
    name: z
      .string()
      .meta({ description: 'Domain name, e.g. alice.ton', example: 'alice.ton' })
      .optional(),
    category: z
      .string()
      .meta({
        description: 'Record name (wallet, site…) or its sha256 (default: all)',
        example: 'wallet',
      })
      .optional(),
    ttl: V2Param.integer(
      'How many next resolvers to follow (default 0)',
      0,
      V2Range.nonNegativeInt32,
    ).optional(),
    seqno: V2Param.seqno(),
  }),
  result: resultOf(Subjects.ls.dnsResolve),
  parse: parseDnsResolve,
  handle: (params, backend) => backend.request(Subjects.ls.dnsResolve, params),
});
