import { type EntityManager, TokenRepository } from '@app/database';

/** Past this many code hashes the memory starts over (mainnet has far fewer distinct codes). */
const MAX_CODES = 200_000;

/**
 * The per-code-hash interface cache (`contract_interfaces`) in memory, for one run of the decoder:
 * a code is read from the table once, and codes detected in blocks not yet committed are known to the
 * blocks read after them. A run that fails starts over with a new instance, so nothing an uncommitted
 * block found outlives it.
 */
export class CodeInterfaces {
  private readonly repo = new TokenRepository();
  private readonly codes = new Map<string, readonly string[]>();
  /** Codes looked up and absent from the table (never probed yet). */
  private readonly absent = new Set<string>();

  /** Reads the cached entries of the codes not known yet, in one query. */
  async load(m: EntityManager, codeHashes: readonly (string | null)[]): Promise<void> {
    const unknown = [
      ...new Set(
        codeHashes.filter(
          (h): h is string => h !== null && !this.codes.has(h) && !this.absent.has(h),
        ),
      ),
    ];
    if (unknown.length === 0) {
      return;
    }
    if (this.codes.size + this.absent.size + unknown.length > MAX_CODES) {
      this.codes.clear();
      this.absent.clear();
    }
    const known = await this.repo.knownInterfaces(m, unknown);
    for (const hash of unknown) {
      const interfaces = known.get(hash);
      if (interfaces === undefined) {
        this.absent.add(hash);
      } else {
        this.codes.set(hash, interfaces);
      }
    }
  }

  /** The interfaces of a code (undefined: never probed). */
  get(codeHash: string): readonly string[] | undefined {
    return this.codes.get(codeHash);
  }

  set(codeHash: string, interfaces: readonly string[]): void {
    this.absent.delete(codeHash);
    this.codes.set(codeHash, interfaces);
  }
}
