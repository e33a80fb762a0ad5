export * from './judge';
export * from './alarm-text';
export * from './alarm-rules';
