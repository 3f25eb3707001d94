export * from './stack-json';
export * from './stack-input.error';
export * from './stack-cell';
export * from './stack.reader';
export * from './stack.writer';
export * from './method-id';
export * from './stack-limits';
export * from './stack-arguments';
