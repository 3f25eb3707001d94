export * from './native-sha256';
export * from './fast-bit-ops';
