import { describe } from 'node:test';
import { bootOnce } from './support/boot-once';
import { balanceChangeCases } from './v3-parity/balance-changes.cases';
import { deliberateDifferenceCases } from './v3-parity/deliberate-differences.cases';
import { descriptionCases } from './v3-parity/descriptions.cases';
import { errorWordingCases } from './v3-parity/error-wording.cases';
import { startParityFixture } from './v3-parity/parity-requests';
import { routeParameterCases } from './v3-parity/route-parameters.cases';
import { valueReadingCases } from './v3-parity/value-reading.cases';

/**
 * The v3 routes against toncenter's request structs (test/e2e/support/v3-parity.table.ts) over an
 * indexed localnet; one boot for all the cases, in this order (the last one ingests new traffic).
 */
void describe("v3 parity with toncenter's request structs (over an indexed localnet)", () => {
  const fixture = bootOnce(startParityFixture);
  routeParameterCases(fixture);
  valueReadingCases(fixture);
  errorWordingCases(fixture);
  balanceChangeCases(fixture);
  descriptionCases(fixture);
  deliberateDifferenceCases(fixture);
});
