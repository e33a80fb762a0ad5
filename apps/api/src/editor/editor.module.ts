import { Module } from '@nestjs/common';
import { EditorRepository } from './editor.repository';
import { SeqStore } from './seq-store.repository';

/** What the products, tests and steps features share: reading and writing tests and products. */
@Module({ providers: [EditorRepository, SeqStore], exports: [EditorRepository, SeqStore] })
export class EditorModule {}
