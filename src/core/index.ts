/** Public surface of the pure domain rules, shared by the server and the web app. */
export * from './types';
export * from './time';
export * from './timezone';
export * from './availability';
export * from './occupancy';
export * from './period';
export * from './money';
export * from './date-summary';
export * from './luminance';
export * from './countries';
export * from './phone';
export * from './durations';
export * from './stats-periods';
export * from './slug';
export * from './pauses';
export * from './month-availability';
export * from './customer';
