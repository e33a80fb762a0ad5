import { IdentityAndEditor1763856000000 } from './1763856000000-identity-and-editor';

/** Every migration, oldest first. A landed migration is never edited: add a new one. */
export const MIGRATIONS = [IdentityAndEditor1763856000000];
