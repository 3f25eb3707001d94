import { Logger } from '@nestjs/common';
import { type ProofBlockId, parseTrustAnchor, trustedStartBlock } from '@app/ton';

import { type LiteserverPoolOptions } from '../liteserver-pool';
import { ChainVerifier } from './chain-verifier';
import { KeyBlockFile } from './key-block-file';

/** What every pool of a process is given to prove its answers (spread into LiteserverPoolOptions). */
export type LiteserverTrust = Pick<
  LiteserverPoolOptions,
  'anchor' | 'onKeyBlock' | 'zeroState' | 'chain'
>;

export interface TrustSettings {
  /** LITESERVER_VERIFY: false turns the proofs off (unsafe; benchmarks only). */
  readonly verify: boolean;
  /** LITESERVER_TRUST_DIR: where the newest proven key block is kept; absent → not kept. */
  readonly trustDir?: string | undefined;
  /** Where the decision is logged (default: Nest's logger). */
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
}

function defaultLog(fields: Record<string, unknown>, message: string): void {
  Logger.log(`${message} ${JSON.stringify(fields)}`, 'LiteserverTrust');
}

function hex(id: ProofBlockId): string {
  return id.rootHash.toString('hex');
}

/**
 * The trust of the pools from a global config JSON value: with a `validator` section, every pool
 * checks each liteserver's zero state at connect and (unless `verify` is false) proves every answer
 * from the newest of `validator.init_block` and `validator.hardforks`, or from the newest key block
 * kept in `trustDir` when that one is consistent with the config (trust/key-block-file.ts); the hard
 * fork blocks are trusted as listed and no proof crosses one from before it (trust/proof-start.ts). A config without a `validator` section
 * (a bare liteserver list) verifies nothing, and says so; a malformed one stops the boot. One
 * ChainVerifier serves every pool given this trust, so a block is proven once per process.
 */
export function liteserverTrust(globalConfig: unknown, settings: TrustSettings): LiteserverTrust {
  const log = settings.log ?? defaultLog;
  const hasValidator =
    typeof globalConfig === 'object' && globalConfig !== null && 'validator' in globalConfig;
  if (!hasValidator) {
    log(
      { verify: false },
      'UNVERIFIED: the global config has no validator section (zero state, init block); liteserver answers are served unproven',
    );
    return {};
  }
  const anchor = parseTrustAnchor(globalConfig);
  if (!settings.verify) {
    log(
      { verify: false, zeroState: hex(anchor.zeroState) },
      'UNVERIFIED: LITESERVER_VERIFY=false; liteserver answers are served unproven (only the zero state is checked)',
    );
    return { zeroState: anchor.zeroState };
  }
  const hardforks = anchor.hardforks.length;
  if (settings.trustDir === undefined) {
    const start = trustedStartBlock(anchor);
    log(
      { verify: true, from: 'global config', seqno: start.seqno, hardforks },
      'liteserver answers are proven from the global config anchor',
    );
    return {
      zeroState: anchor.zeroState,
      anchor: start,
      chain: new ChainVerifier(start, undefined, anchor.hardforks),
    };
  }
  const file = new KeyBlockFile(settings.trustDir, anchor);
  const start = file.startingAnchor();
  log(
    {
      verify: true,
      from: start.source,
      seqno: start.block.seqno,
      rootHash: hex(start.block),
      file: file.path,
      hardforks,
      ...(start.ignored === undefined ? {} : { ignored: start.ignored }),
    },
    `liteserver answers are proven from the ${start.source}`,
  );
  const onKeyBlock = (id: ProofBlockId): void => {
    try {
      file.save(id);
    } catch (error) {
      // Only the shortcut is lost: the next start proves from an older block.
      log(
        { file: file.path, err: error instanceof Error ? error.message : String(error) },
        'cannot keep the proven key block',
      );
    }
  };
  return {
    zeroState: anchor.zeroState,
    anchor: start.block,
    onKeyBlock,
    chain: new ChainVerifier(start.block, onKeyBlock, anchor.hardforks),
  };
}
