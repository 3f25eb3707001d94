export * from './trace.repository';
export * from './classify-input.repository';
export * from './action.repository';
export * from './token.repository';
export * from './contract.repository';
export * from './decode-failure.repository';
export * from './block-input.repository';
export * from './address-metadata.repository';
