/**
 * Golden cases (`<file>: <case name>`) the classifier does not pass yet, each with the reason. The golden
 * test runs them as `todo` and asserts that they still fail, so this list stays honest: remove an entry
 * when its case passes.
 */
export const KNOWN_GAPS: ReadonlyMap<string, string> = new Map<string, string>([]);
