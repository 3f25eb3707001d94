import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, Subjects, TonApiError } from '@app/contracts';
import { type V3Backend } from '../v3-endpoint';
import { V3Params } from '../v3-params';
import { TOKEN_ENDPOINTS } from './tokens.endpoints';

/**
 * nft/sales bounds (toncenter QueryNFTSales: 1..1000 addresses). More than 1000 addresses do not fit
 * in a URL a Node (or Fiber) HTTP server accepts (16 KiB of headers), so this runs the endpoint's
 * parameter handling directly; the e2e spec covers the empty case over HTTP.
 */
void describe('nft/sales endpoint', () => {
  const sut = TOKEN_ENDPOINTS.find((e) => e.name === 'nft/sales');
  const settings = { noAddressBook: false, noMetadata: true, actionsVersion: undefined };
  const addresses = (n: number): string[] =>
    Array.from({ length: n }, (_, i) => `0:${i.toString(16).padStart(64, '0')}`);
  const sent: unknown[] = [];
  const record = (subject: unknown, payload: unknown): Promise<never> => {
    sent.push([subject, payload]);
    // The answer does not matter here: the request is what is checked.
    return Promise.reject(new TonApiError(ErrorCode.INTERNAL, 'recorded'));
  };
  const backend: V3Backend = { request: record, forward: record };

  const rejection = async (raw: Record<string, unknown>): Promise<unknown> => {
    assert.ok(sut);
    try {
      await sut.run(new V3Params(raw), settings, backend);
    } catch (error: unknown) {
      assert.ok(error instanceof TonApiError);
      return [error.code, error.message, error.details];
    }
    return assert.fail('no error');
  };

  void it('rejects no address and more than 1000 with toncenter’s texts', async () => {
    assert.deepEqual(await rejection({}), [
      ErrorCode.INVALID_ARGUMENT,
      'at least 1 address required',
      { param: 'address' },
    ]);
    assert.deepEqual(await rejection({ address: addresses(1001) }), [
      ErrorCode.INVALID_ARGUMENT,
      'maximum 1000 addresses allowed',
      { param: 'address' },
    ]);
    assert.deepEqual(sent, []);
  });

  void it('passes 1000 addresses on to the query service with the enrichment settings', async () => {
    const list = addresses(1000);
    assert.deepEqual(await rejection({ address: list }), [
      ErrorCode.INTERNAL,
      'recorded',
      undefined,
    ]);
    assert.deepEqual(sent, [
      [
        Subjects.query.nftSales,
        { address: list.map((a) => a.toUpperCase()), no_address_book: false, no_metadata: true },
      ],
    ]);
  });
});
