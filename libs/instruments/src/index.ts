export * from './transport';
