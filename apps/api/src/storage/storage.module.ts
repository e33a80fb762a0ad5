import { Module } from '@nestjs/common';
import { DatabaseFileStorage } from './database-file-storage.repository';
import { FileStorage } from './file-storage';

/** The FileStorage of uploaded files: the database (see file-storage.ts for the bucket option). */
@Module({
  providers: [{ provide: FileStorage, useClass: DatabaseFileStorage }],
  exports: [FileStorage],
})
export class StorageModule {}
