export * from './block-info.reader';
export * from './block.parser';
export * from './parsed-block';
export { readBoc } from './boc.reader';
