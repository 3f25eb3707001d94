export * from './block-info.reader';
