import { IdentityAndEditor1763856000000 } from './1763856000000-identity-and-editor';
import { ApiTokenNames1763856200000 } from './1763856200000-api-token-names';

/** Every migration, oldest first. A landed migration is never edited: add a new one. */
export const MIGRATIONS = [IdentityAndEditor1763856000000, ApiTokenNames1763856200000];
