/**
 * The classifier conformance report (bench/support/classify-conformance.ts): what it reads from the
 * classifier's sources, on made-up files and on the real ones with the real registry.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultRegistry } from '@app/classify';
import {
  type CaseRun,
  classifierSources,
  conformance,
  emittedTypes,
  typeLiterals,
} from '../../../bench/support/classify-conformance';

const registered = new Set(defaultRegistry.matchers.map((m) => m.constructor.name));

void describe('classify conformance report', () => {
  void it('reads the types a block is built with or serialises as', () => {
    const source = `
      class A extends Block { constructor() { super('jetton_swap', []); } }
      class B extends Block { fill(action) { action.type = d.crippled ? 'tgbtc_mint_fallback' : 'tgbtc_mint'; } }
      class C extends Block { constructor(type: 'election_deposit' | 'election_recover') { super(type, []); } }
      type CocoonType = 'cocoon_a' | 'cocoon_b';
      class D extends Block {
        constructor(
          type:
            'nft_cancel_sale' | 'nft_finish_auction',
        ) { super(type, []); }
      }
      const x = isCall(b, 'not_a_type_site');
    `;
    assert.deepEqual(
      [...typeLiterals(source)].sort(),
      [
        'cocoon_a',
        'cocoon_b',
        'election_deposit',
        'election_recover',
        'jetton_swap',
        'nft_cancel_sale',
        'nft_finish_auction',
        'tgbtc_mint',
        'tgbtc_mint_fallback',
      ].sort(),
    );
  });

  void it('counts a file only when the registry runs its matchers or a running file imports it', () => {
    const files = [
      {
        path: 'f/run.ts',
        text: "import { S } from './shared'; class RunMatcher extends BlockMatcher {}",
      },
      {
        path: 'f/shared.ts',
        text: "class S extends Block { constructor() { super('jetton_swap'); } }",
      },
      {
        path: 'f/idle.ts',
        text: "class IdleMatcher extends BlockMatcher {} class I extends Block { constructor() { super('evaa_liquidate'); } }",
      },
    ];
    const emitted = emittedTypes(files, new Set(['RunMatcher']), () => false);
    assert.deepEqual([...emitted], [['jetton_swap', ['f/shared.ts']]]);
  });

  void it('finds the staking types in the families the registry runs', () => {
    const emitted = emittedTypes(classifierSources(process.cwd()), registered, (p) =>
      p.includes('/core/'),
    );
    assert.deepEqual(emitted.get('stake_deposit'), [
      'libs/classify/src/families/ethena.ts',
      'libs/classify/src/families/nominator-pool.ts',
      'libs/classify/src/families/tonstakers.ts',
    ]);
    assert.deepEqual(emitted.get('unknown'), ['libs/classify/src/core/serialize.ts']);
    assert.deepEqual(emitted.get('coffee_mev_protect_failed_swap'), [
      'libs/classify/src/families/coffee.ts',
    ]);
    assert.deepEqual(emitted.get('evaa_liquidate'), [
      'libs/classify/src/families/evaa/liquidate.ts',
    ]);
    assert.deepEqual(emitted.get('nft_cancel_sale'), [
      'libs/classify/src/families/nft-listing-close.ts',
    ]);
  });

  void it('tallies the golden cases per type', () => {
    const runs: CaseRun[] = [
      {
        key: 'a',
        expectedTypes: ['jetton_mint', 'jetton_mint'],
        passed: true,
        classifiedTypes: ['jetton_mint'],
      },
      { key: 'b', expectedTypes: ['jetton_mint'], passed: false, classifiedTypes: [] },
    ];
    const [row] = conformance(
      [['v1', ['jetton_mint']]],
      new Map([['jetton_mint', ['x.ts']]]),
      runs,
    );
    assert.deepEqual(row, {
      type: 'jetton_mint',
      since: 'v1',
      emitted: true,
      producedBy: ['x.ts'],
      cases: 2,
      casesPassing: 1,
      expectedActions: 3,
      classifiedActions: 1,
    });
  });
});
