// Reads the TAP that Node's test runner wrote (https://testanything.org/tap-version-13-specification.html)
// and answers one line per failed test: where it is and its error, shortened. run-tests.mjs prints
// these last, because a CI summary shows the end of a run's output, where the runner's own report of
// a failure may long have scrolled away.

const MAX_ERROR_CHARS = 600;

/** `not ok N - name`, at any indentation (subtests are indented by four spaces a level). */
const NOT_OK = /^(\s*)not ok \d+ - (.*)$/;

/** The YAML block after a result line: from `---` to `...` at the result's indentation + 2. */
function yamlBlock(lines, from, indent) {
  const block = [];
  if (lines[from]?.trim() !== '---') {
    return block;
  }
  for (let i = from + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '...' && line.indexOf('...') === indent + 2) {
      break;
    }
    block.push(line.slice(indent + 2));
  }
  return block;
}

/** A key's value in the block: a quoted scalar on its line, or a `|-` block of deeper lines. */
function yamlValue(block, key) {
  const at = block.findIndex((line) => line.startsWith(`${key}:`));
  if (at < 0) {
    return undefined;
  }
  const inline = block[at].slice(key.length + 1).trim();
  if (inline !== '|-' && inline !== '|' && inline !== '>-') {
    return inline.replace(/^'(.*)'$/s, '$1').replace(/''/g, "'");
  }
  const deeper = [];
  for (const line of block.slice(at + 1)) {
    if (line !== '' && !line.startsWith('  ')) {
      break;
    }
    deeper.push(line.slice(2));
  }
  return deeper.join('\n').trim();
}

/**
 * One line per failed test or hook in `tap` (suites failing only because a subtest did are left
 * out: their subtests are listed): `<name> (<location>): <error>`.
 */
export function failureLines(tap) {
  const lines = tap.split('\n');
  const out = [];
  lines.forEach((line, i) => {
    const match = NOT_OK.exec(line);
    if (match === null) {
      return;
    }
    const block = yamlBlock(lines, i + 1, match[1].length);
    if (yamlValue(block, 'failureType') === 'subtestsFailed') {
      return;
    }
    const error = (yamlValue(block, 'error') ?? 'no error message').replace(/\s*\n\s*/g, ' | ');
    const shortened =
      error.length > MAX_ERROR_CHARS ? `${error.slice(0, MAX_ERROR_CHARS)}…` : error;
    const location = yamlValue(block, 'location');
    out.push(`${match[2]}${location === undefined ? '' : ` (${location})`}: ${shortened}`);
  });
  return out;
}
