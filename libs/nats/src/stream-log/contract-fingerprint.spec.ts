import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STREAM_CONTRACTS } from '@app/contracts';
import { z } from 'zod';
import { contractFingerprint, streamContractFingerprint } from './contract-fingerprint';

const contracts = (balance: z.ZodType): Record<string, z.ZodType> => ({
  'ton.stream.v1.b': z.object({ account: z.string(), balance }).strict(),
  'ton.stream.v1.a': z.object({ n: z.number().int() }),
});

describe(contractFingerprint.name, () => {
  it('is the same for the same contracts, whatever their order', () => {
    const one = contracts(z.string().regex(/^\d+$/));
    const reordered = Object.fromEntries(Object.entries(one).reverse());
    assert.equal(contractFingerprint(one), contractFingerprint(reordered));
    assert.match(contractFingerprint(one), /^[0-9a-f]{32}$/);
  });

  it('changes with a field’s type or format', () => {
    const base = contractFingerprint(contracts(z.string().regex(/^\d+$/)));
    assert.notEqual(contractFingerprint(contracts(z.string())), base);
    assert.notEqual(contractFingerprint(contracts(z.number())), base);
  });

  it('fingerprints this build’s stream contracts once', () => {
    assert.equal(streamContractFingerprint(), contractFingerprint(STREAM_CONTRACTS));
    assert.equal(streamContractFingerprint(), streamContractFingerprint());
  });
});
