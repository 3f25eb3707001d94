import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cliInteger, cliUsage, CliUsageError, parseCommandLine, wantsHelp } from './command-line';

const SPEC = {
  name: 'demo',
  command: 'npm run demo --',
  summary:
    'Does one thing well, and explains it in a sentence long enough to need a second line of its usage text.',
  options: {
    count: { type: 'string', value: 'N', help: 'how many' },
    dry: { type: 'boolean', help: 'change nothing' },
  },
  maxPositionals: 1,
  environment: ['DEMO_URL  where to connect (required)'],
} as const;

void describe('command-line', () => {
  void it('prints a usage with synopsis, wrapped summary, every option and the environment', () => {
    assert.equal(
      cliUsage(SPEC),
      [
        'usage: npm run demo -- [options]',
        '',
        'Does one thing well, and explains it in a sentence long enough to need a second line of its usage',
        'text.',
        '',
        'options:',
        '  --count N   how many',
        '  --dry       change nothing',
        '  -h, --help  print this help and exit',
        '',
        'environment:',
        '  DEMO_URL  where to connect (required)',
        '',
      ].join('\n'),
    );
  });

  void it('aligns extra synopsis lines under the first', () => {
    const usage = cliUsage({ ...SPEC, synopsis: ['one --a', 'two --b'] });
    assert.equal(
      usage.split('\n').slice(0, 2).join('\n'),
      'usage: npm run demo -- one --a\n                       two --b',
    );
  });

  void it('reads string and boolean flags and positionals', () => {
    assert.deepEqual(parseCommandLine(SPEC, ['--count', '3', '--dry', 'file']), {
      values: { count: '3', dry: true },
      positionals: ['file'],
    });
    assert.deepEqual(parseCommandLine(SPEC, []), { values: {}, positionals: [] });
  });

  void it('refuses unknown flags, missing values, stray values and extra arguments in one short sentence', () => {
    const refusal = (argv: string[]): string => {
      try {
        parseCommandLine(SPEC, argv);
      } catch (error: unknown) {
        assert.ok(error instanceof CliUsageError);
        return error.message;
      }
      return 'accepted';
    };
    assert.equal(refusal(['--nope']), "unknown option '--nope'");
    assert.equal(refusal(['-x']), "unknown option '-x'");
    assert.equal(refusal(['--count']), '--count needs a value');
    assert.equal(refusal(['--dry=yes']), '--dry takes no value');
    assert.equal(refusal(['a', 'b']), "unexpected argument 'b'");
  });

  void it('sees --help and -h before a -- terminator only', () => {
    assert.equal(wantsHelp(['--count', '1', '--help']), true);
    assert.equal(wantsHelp(['-h']), true);
    assert.equal(wantsHelp(['--', '--help']), false);
    assert.equal(wantsHelp(['--helpful']), false);
  });

  void it('reads integers in range as digits only', () => {
    assert.equal(cliInteger('count', '7', 1, 10, 5), 7);
    assert.equal(cliInteger('count', undefined, 1, 10, 5), 5);
    assert.equal(cliInteger('count', undefined, 1, 10), undefined);
    for (const bad of ['0', '11', '1e1', '0x5', '-1', '', '2.5', ' 3']) {
      assert.throws(
        () => cliInteger('count', bad, 1, 10),
        new CliUsageError(`--count: expected an integer between 1 and 10 (got "${bad}")`),
      );
    }
  });
});
