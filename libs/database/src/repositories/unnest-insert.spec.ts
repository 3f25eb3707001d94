import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cursorAdvance } from './indexer-cursor.repository';
import { type BulkColumn, composeStatements, unnestPart } from './unnest-insert';

interface Row {
  readonly id: string;
  readonly n: number;
}

const COLUMNS: readonly BulkColumn<Row>[] = [
  { name: 'id', type: 'text', value: (r) => r.id },
  { name: 'n', type: 'integer', value: (r) => r.n },
];

describe('composeStatements', () => {
  it('numbers each part on from the last and makes every part but the last a CTE', () => {
    const statement = composeStatements([
      unnestPart('a', COLUMNS, [
        { id: 'x', n: 1 },
        { id: 'y', n: 2 },
      ]),
      unnestPart('b', COLUMNS, []),
      unnestPart(
        'c',
        COLUMNS,
        [{ id: 'z', n: 3 }],
        'ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n',
      ),
      cursorAdvance('masterchain', 7),
    ]);
    assert.ok(statement !== null);
    assert.equal(
      statement.sql.replace(/\s+/g, ' '),
      'WITH w0 AS (INSERT INTO "a" AS t ("id", "n") SELECT u.c0, u.c1 FROM unnest($1::text[], $2::integer[]) AS u(c0, c1) ON CONFLICT DO NOTHING), ' +
        'w1 AS (INSERT INTO "c" AS t ("id", "n") SELECT u.c0, u.c1 FROM unnest($3::text[], $4::integer[]) AS u(c0, c1) ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n) ' +
        'INSERT INTO "indexer_cursor" ("name", "mc_seqno", "updated_at") VALUES ($5, $6, now()) ' +
        'ON CONFLICT ("name") DO UPDATE SET "mc_seqno" = EXCLUDED."mc_seqno", "updated_at" = now() ' +
        'WHERE "indexer_cursor"."mc_seqno" < EXCLUDED."mc_seqno"',
    );
    assert.deepEqual(statement.params, [['x', 'y'], [1, 2], ['z'], [3], 'masterchain', '7']);
  });

  it('runs a single part as it is, and nothing when every part is empty', () => {
    const single = composeStatements([undefined, unnestPart('a', COLUMNS, [{ id: 'x', n: 1 }])]);
    assert.equal(
      single?.sql,
      'INSERT INTO "a" AS t ("id", "n") SELECT u.c0, u.c1 FROM unnest($1::text[], $2::integer[]) AS u(c0, c1) ON CONFLICT DO NOTHING',
    );
    assert.equal(composeStatements([unnestPart('a', COLUMNS, []), undefined]), null);
  });

  it('refuses a cursor seqno that is not a masterchain seqno before building anything', () => {
    assert.throws(() => cursorAdvance('masterchain', -1), RangeError);
    assert.throws(() => cursorAdvance('masterchain', 1.5), RangeError);
  });
});
