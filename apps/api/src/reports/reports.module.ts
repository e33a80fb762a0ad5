import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** The daily reports and the report pickers' product list (spec 2 sections 2 and 7). */
@Module({ controllers: [ReportsController], providers: [ReportsService, ReportsRepository] })
export class ReportsModule {}
