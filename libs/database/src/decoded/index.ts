export * from './trace.repository';
