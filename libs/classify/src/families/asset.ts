/** An asset in toncenter's sense: native TON, or a jetton identified by its master address. */
export interface Asset {
  isTon: boolean;
  jetton: string | null;
}

export const TON_ASSET: Asset = { isTon: true, jetton: null };

export function jettonAsset(master: string | null): Asset {
  return { isTon: false, jetton: master };
}

/** The asset column value: the jetton master, or null for TON. */
export function assetAddress(a: Asset | null | undefined): string | null {
  return a?.jetton ?? null;
}

export function sameAsset(a: Asset | null, b: Asset | null): boolean {
  if (!a || !b) {
    return a === b;
  }
  return a.isTon === b.isTon && a.jetton === b.jetton;
}
