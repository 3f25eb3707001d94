/** `getMasterchainInfo` → `Get masterchain info`; `jetton/masters` → `Jetton masters`. */
export function summaryOf(name: string): string {
  const words = name
    .replace(/\//g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `jetton/masters` → `JettonMasters`, a component or operation id. */
export function pascalOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
