import { parseAddress } from '@app/ton';
import { type ParamSource, type RawParams, own, requiredAddress } from '../v2-params';

/**
 * The address as toncenter 2.1 normalises its input (`ton_addr`,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): a raw
 * `wc:hex` becomes `wc:HEX` in upper case; a friendly address becomes url-safe, keeping the
 * bounceable and test-only flags it was given. 2.1 echoes this form in getTokenData's `address` and
 * 409 message.
 */
export function addressAsGiven(raw: RawParams, name: string, source: ParamSource): string {
  const address = requiredAddress(raw, name, source);
  const value = own(raw, name);
  const parsed = typeof value === 'string' ? parseAddress(value) : undefined;
  if (!parsed || parsed.form === 'raw_form') {
    const [workchain, hash] = address.split(':');
    return `${workchain ?? ''}:${(hash ?? '').toUpperCase()}`;
  }
  return parsed.address.toString({
    urlSafe: true,
    bounceable: parsed.form === 'friendly_bounceable',
    testOnly: parsed.testOnly,
  });
}
