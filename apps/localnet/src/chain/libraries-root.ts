import { type Cell, Dictionary } from '@ton/core';

import { librariesRoot } from '@app/ton';

/**
 * The masterchain state's libraries root (block.tlb `libraries:(HashmapE 256 LibDescr)`) for the
 * emulator's libraries dictionary, rebuilt only when that dictionary changes.
 */
export class LibrariesRoot {
  private cache?: { libs: Cell; root: Cell | undefined };

  of(libs: Cell | undefined): Cell | undefined {
    if (!libs) {
      return undefined;
    }
    if (this.cache?.libs.hash().equals(libs.hash()) !== true) {
      const dict = Dictionary.loadDirect(
        Dictionary.Keys.BigUint(256),
        Dictionary.Values.Cell(),
        libs,
      );
      // The emulator does not record who published a library; the zero account id stands in.
      const root = librariesRoot(
        new Map([...dict].map(([hash, lib]) => [hash, { lib, publishers: [0n] }])),
      );
      this.cache = { libs, root };
    }
    return this.cache.root;
  }
}
