import { crc16 } from '@ton/core';

/**
 * The id of a get-method named `name`: (CRC16-XMODEM(name) & 0xffff) | 0x10000, as FunC assigns it
 * and tonlib's `smc.methodIdName` resolves it.
 */
export function methodIdOf(name: string): number {
  const crc = crc16(Buffer.from(name, 'utf8'));
  return ((crc.readUInt16BE(0) & 0xffff) | 0x10000) >>> 0;
}
