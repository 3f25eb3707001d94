export * from './action';
export * from './trace-model';
export { buildTraceTree, type TraceTree, type TraceTreeNode } from './trace-tree';
export { classifyTrace, type ClassificationResult, type MatcherRegistry } from './core/pipeline';
export { defaultRegistry } from './registry';
