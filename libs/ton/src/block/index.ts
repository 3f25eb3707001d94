export * from './block.parser';
export * from './parsed-block';
export { readBoc } from './boc.reader';
export { flattenTransaction } from './transaction.flattener';
export { messageContextOf, type MessageContext } from './message.flattener';
