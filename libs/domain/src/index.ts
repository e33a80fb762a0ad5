export * from './catalogue/catalogue';
export * from './params/params.types';
export * from './params/defaults';
export * from './calibration/calibration.types';
export * from './limits/limits';
export * from './limits/messages';
export * from './entities/entities';
