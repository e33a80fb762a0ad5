/** Every API path starts with this (the spec's calls are under /webcyc/api). */
export const API_PREFIX = 'webcyc/api';
