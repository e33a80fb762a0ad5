// The altcha package publishes its types only through its "exports" map, which this workspace's
// node10 module resolution does not read; VerificationField declares the part of it that it uses.
// apps/web's tsconfig includes this file too.
declare module 'altcha';
