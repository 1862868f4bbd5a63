// The API contract both sides import. One file per API area.
export * from './common';
export * from './reference';
export * from './auth';
export * from './applications';
export * from './help';
export * from './preferences';
export * from './startup';
export * from './company-profile';
export * from './levels';
export * from './maps';
export * from './qr-codes';
export * from './resource-types';
export * from './resource-attributes';
export * from './resources';
export * from './declarations';
export * from './plan';
