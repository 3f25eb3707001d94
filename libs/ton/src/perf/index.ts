export * from './native-sha256';
