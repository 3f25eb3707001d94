import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { type FieldList, type FieldType } from './field-type';
import { decodeOpcode, MESSAGE_BODY_REGISTRY } from './message-body.registry';

/** The repository root (this spec runs from a build directory somewhere below it). */
function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'libs', 'classify', 'src', 'index.ts'))) {
    const up = dirname(dir);
    assert.notEqual(up, dir, 'repository root not found');
    dir = up;
  }
  return dir;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return sources(path);
    }
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * Hex literals in the decoder and classifier sources that are not message opcodes: DNS record tags
 * (16-bit), token-content layout bytes, UTF-8 lead bytes, LayerZero verification statuses, the
 * getgems sale and auction magics that get_sale_data answers ("FIXP", "AUC": stack entries, never bodies), EVAA's
 * liquidation error codes (a field at the end of liquidate_unsatisfied), and the trace file reader's
 * LZ4/xxHash constants.
 */
const NOT_OPCODES: readonly { readonly file: RegExp; readonly values?: readonly number[] }[] = [
  { file: /libs\/classify\/src\/tlb\/dns\.ts$/, values: [0xba93, 0xad01, 0x9fd3, 0x7473, 0x1eda] },
  { file: /libs\/classify\/src\/interfaces\/contract-probes\.ts$/ },
  {
    file: /libs\/classify\/src\/interfaces\/interface-probes\.ts$/,
    values: [0x46495850, 0x415543],
  },
  { file: /libs\/classify\/src\/interfaces\/token-content\.ts$/ },
  { file: /libs\/classify\/src\/tlb\/cells\.ts$/ },
  {
    file: /libs\/classify\/src\/tlb\/layerzero\.ts$/,
    values: [0x3bbc306b, 0x7fcbb4ac, 0x29c53fab],
  },
  {
    file: /libs\/classify\/src\/tlb\/evaa\.ts$/,
    values: [0xe001, 0xe002, 0xe003, 0xe004, 0xe005, 0xe006, 0xe007, 0xe008, 0xe009],
  },
  { file: /apps\/decoder\/src\/trace-file\// },
  { file: /\/golden\// },
];

/** Every `0x…` literal of at most 32 bits (not a bigint) in the opcode-bearing sources. */
function opcodeConstants(): Map<number, string> {
  const root = repoRoot();
  const found = new Map<number, string>();
  const files = [
    ...sources(join(root, 'libs', 'classify', 'src')),
    ...sources(join(root, 'apps', 'decoder', 'src')),
  ];
  for (const path of files) {
    const rel = relative(root, path);
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/\b0x([0-9a-fA-F]{1,8})\b(?!n)/g)) {
      const value = Number.parseInt(m[1] ?? '', 16) >>> 0;
      const excluded = NOT_OPCODES.some(
        (x) => x.file.test(rel) && (x.values === undefined || x.values.includes(value)),
      );
      if (!excluded && !found.has(value)) {
        found.set(value, rel);
      }
    }
  }
  return found;
}

function fieldTypes(fields: FieldList): FieldType[] {
  return Object.values(fields).flatMap((t): FieldType[] => {
    if (t.kind === 'struct') {
      return [t, ...fieldTypes(t.fields)];
    }
    if (t.kind === 'maybe' || t.kind === 'cond') {
      return [t, ...fieldTypes({ of: t.of })];
    }
    if (t.kind === 'choice') {
      return [t, ...Object.values(t.variants).flatMap(([, f]) => fieldTypes(f))];
    }
    return [t];
  });
}

void describe('MESSAGE_BODY_REGISTRY', () => {
  void it('names every opcode constant of libs/classify and apps/decoder', () => {
    const constants = opcodeConstants();
    // The scan must see the classifier's remaining hand-written opcodes, or this test proves
    // nothing. Opcodes the classifier takes from a named constructor (`EVAA.supply_master.opcode`)
    // are in the registry by construction and no longer appear as literals, so the floor sits
    // below the 33 literals left once EVAA, LayerZero, jettons, NFTs, StonFi, Tonco, DeDust,
    // swap.coffee and Cocoon read theirs from the constructors.
    assert.ok(constants.size > 25, `only ${String(constants.size)} opcode constants found`);
    const missing = [...constants]
      .filter(([op]) => decodeOpcode(op) === 'unknown')
      .map(([op, file]) => `0x${op.toString(16).padStart(8, '0')} (${file})`);
    assert.deepEqual(missing, []);
  });

  void it('names the standard opcodes as ton-marker does', () => {
    assert.equal(decodeOpcode(0x0f8a7ea5), 'jetton_transfer');
    assert.equal(decodeOpcode(0x178d4519), 'jetton_internal_transfer');
    assert.equal(decodeOpcode(0x7362d09c), 'jetton_notify');
    assert.equal(decodeOpcode(0xd53276db), 'excess');
    assert.equal(decodeOpcode(0x5fcc3d14), 'nft_transfer');
    assert.equal(decodeOpcode(0x05138d91), 'nft_ownership_assigned');
    assert.equal(decodeOpcode(0), 'text_comment');
    assert.equal(decodeOpcode(0x2167da4b), 'encrypted_comment');
    assert.equal(decodeOpcode(0x73696e74), 'signed_internal');
    // A signed int32 (as the messages table stores opcodes) names the same constructor.
    assert.equal(decodeOpcode(-1), 'bounce');
    assert.equal(decodeOpcode(0x12345678), 'unknown');
  });

  void it('declares well-formed constructors', () => {
    for (const k of MESSAGE_BODY_REGISTRY.constructors) {
      assert.match(k.name, /^[a-z][a-z0-9_]*$/, k.name);
      for (const t of fieldTypes(k.fields)) {
        if (t.kind === 'bits') {
          assert.equal(
            t.bits % 4,
            0,
            `${k.name}: bits${String(t.bits)} renders as whole hex digits`,
          );
        }
        if (t.kind === 'uint' || t.kind === 'int') {
          assert.ok(t.bits >= 1 && t.bits <= 257, `${k.name}: int width ${String(t.bits)}`);
        }
      }
      const names = Object.keys(k.fields);
      for (const [i, [name, t]] of Object.entries(k.fields).entries()) {
        if (t.kind === 'cond') {
          assert.ok(names.slice(0, i).includes(t.flag), `${k.name}.${name}: flag ${t.flag}`);
        }
        if (t.kind === 'rest') {
          assert.equal(i, names.length - 1, `${k.name}: rest must be the last field`);
        }
      }
    }
  });
});
