import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KeysUsageError, parseKeysCommand } from './keys.command';

const KEY = '0f'.repeat(32);

function usageError(argv: string[]): string {
  try {
    parseKeysCommand(argv);
  } catch (error: unknown) {
    assert.ok(error instanceof KeysUsageError);
    return error.message;
  }
  assert.fail(`expected a usage error for ${argv.join(' ')}`);
}

void describe('parseKeysCommand', () => {
  void it('parses plan commands with defaults (burst 0, every network)', () => {
    assert.deepEqual(parseKeysCommand(['plans', 'create', '--name', 'free', '--rps', '10']), {
      kind: 'plans-create',
      name: 'free',
      rps: 10,
      burst: 0,
      networks: ['local', 'mainnet', 'testnet'],
    });
    assert.deepEqual(
      parseKeysCommand([
        'plans',
        'create',
        '--name=plus',
        '--rps=25',
        '--burst=5',
        '--networks',
        'mainnet,testnet,mainnet',
      ]),
      { kind: 'plans-create', name: 'plus', rps: 25, burst: 5, networks: ['mainnet', 'testnet'] },
    );
    assert.deepEqual(parseKeysCommand(['plans', 'update', '--name', 'plus', '--rps', '30']), {
      kind: 'plans-update',
      name: 'plus',
      rps: 30,
      burst: undefined,
      networks: undefined,
    });
    assert.deepEqual(parseKeysCommand(['plans', 'list']), { kind: 'plans-list' });
  });

  void it('parses the streaming limits of a plan', () => {
    assert.deepEqual(
      parseKeysCommand([
        'plans',
        'create',
        '--name',
        'pro',
        '--rps',
        '50',
        '--streaming-connections',
        '20',
        '--streaming-addresses',
        '0',
      ]),
      {
        kind: 'plans-create',
        name: 'pro',
        rps: 50,
        burst: 0,
        networks: ['local', 'mainnet', 'testnet'],
        streamingConnections: 20,
        streamingAddresses: 0,
      },
    );
    assert.deepEqual(
      parseKeysCommand(['plans', 'update', '--name', 'pro', '--streaming-addresses', '5000']),
      {
        kind: 'plans-update',
        name: 'pro',
        rps: undefined,
        burst: undefined,
        networks: undefined,
        streamingAddresses: 5000,
      },
    );
  });

  void it('parses key commands', () => {
    assert.deepEqual(parseKeysCommand(['create', '--plan', 'free', '--label', 'alice app']), {
      kind: 'create',
      plan: 'free',
      label: 'alice app',
    });
    assert.deepEqual(parseKeysCommand(['list']), { kind: 'list' });
    assert.deepEqual(parseKeysCommand(['revoke', KEY]), { kind: 'revoke', key: KEY });
    assert.deepEqual(parseKeysCommand(['revoke', '--id', '12']), { kind: 'revoke-id', id: 12 });
  });

  void it('names what is wrong', () => {
    assert.equal(usageError([]), 'a command is required');
    assert.equal(usageError(['plans', 'create', '--name', 'x']), '--rps is required');
    assert.equal(
      usageError(['plans', 'create', '--name', 'x', '--rps', '0']),
      '--rps must be an integer 1..1000000',
    );
    assert.equal(
      usageError(['plans', 'create', '--name', 'x', '--rps', '1.5']),
      '--rps must be an integer 1..1000000',
    );
    assert.equal(
      usageError(['plans', 'create', '--name', 'x', '--rps', '1', '--networks', 'devnet']),
      '--networks must list some of local, mainnet, testnet',
    );
    assert.equal(
      usageError(['plans', 'create', '--name', 'a b', '--rps', '1']),
      "--name must be 1-64 letters, digits, '_', '.' or '-'",
    );
    assert.equal(
      usageError(['plans', 'update', '--name', 'x']),
      'plans update needs --rps, --burst, --networks, --streaming-connections or --streaming-addresses',
    );
    assert.equal(
      usageError(['plans', 'update', '--name', 'x', '--streaming-connections=-1']),
      '--streaming-connections must be an integer 0..1000000',
    );
    assert.equal(
      usageError(['create', '--plan', 'x', '--streaming-addresses', '1']),
      '--streaming-addresses is not an option of this command',
    );
    assert.equal(usageError(['create']), '--plan is required');
    assert.equal(
      usageError(['create', '--plan', 'x', '--rps', '1']),
      '--rps is not an option of this command',
    );
    assert.equal(usageError(['revoke', 'nope']), 'revoke needs a key (64 hex digits) or --id ID');
    assert.equal(usageError(['list', 'extra']), "unexpected argument 'extra'");
    assert.equal(usageError(['delete']), "unknown command 'delete'");
    assert.equal(usageError(['list', '--colour']), "unknown option '--colour'");
  });
});
