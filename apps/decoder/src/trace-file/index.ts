export { decodeTraceFile, readTraceFile } from './read-trace-file';
export { TraceFileFormatError } from './trace-rows';
export { Lz4FormatError, decompressLz4Frames } from './lz4-frame';
