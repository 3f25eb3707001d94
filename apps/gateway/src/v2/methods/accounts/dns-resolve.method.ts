import { createHash } from 'node:crypto';
import { MAX_DNS_NAME_BYTES, Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf } from '../../v2-schemas';
import { presentValues, v2Field } from '../../v2-field';
import { V2Fields } from '../../v2-fields';
import { optionalHash, own, type ParamSource, parseError, type RawParams } from '../../v2-params';

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

/** `name`: the domain, at most MAX_DNS_NAME_BYTES of UTF-8; `""` when absent. */
const DNS_NAME = v2Field<string>(
  z.string().meta({ description: 'Domain name, e.g. alice.ton', example: 'alice.ton' }).optional(),
  (raw, name, source) => {
    const text = optionalText(raw, name, source) ?? '';
    if (Buffer.byteLength(text, 'utf8') > MAX_DNS_NAME_BYTES) {
      throw parseError(source, `failed to parse ${name}`, name);
    }
    return text;
  },
);

const DNS_CATEGORY = v2Field<string | undefined>(
  z
    .string()
    .meta({
      description: 'Record name (wallet, site…) or its sha256 (default: all)',
      example: 'wallet',
    })
    .optional(),
  (raw, _name, source) => optionalCategory(raw, source),
);

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
  fields: {
    address: V2Fields.optionalAddress(
      'Resolver to start from (default: the root DNS, config param 4)',
    ),
    name: DNS_NAME,
    category: DNS_CATEGORY,
    ttl: V2Fields.nonNegativeInteger('How many next resolvers to follow (default 0)', 0),
    seqno: V2Fields.seqno(),
  },
  request: ({ ttl, ...rest }) => presentValues({ ...rest, ttl: ttl ?? 0 }),
  result: resultOf(Subjects.ls.dnsResolve),
  handle: (params, backend) => backend.request(Subjects.ls.dnsResolve, params),
});
