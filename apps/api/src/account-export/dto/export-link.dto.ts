import type { ExportDownloadQuery, ExportLink } from '@sweepline/domain';
import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class ExportLinkDto implements ExportLink {
  @ApiProperty({
    description: 'Follow within a minute, once: GET answers the archive without a session header',
  })
  url!: string;
}

export class ExportDownloadQueryDto implements ExportDownloadQuery {
  @ApiProperty({ description: 'The code of a link from POST /user/export/link' })
  // newToken(): 32 random bytes in base64url
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'This link is invalid or has expired' })
  code!: string;
}
