export * from './block-info.reader';
export * from './parsed-block';
