import { Delete, Get, Post, Put } from '@nestjs/common';
import type { Endpoint, HttpMethod } from '@sweepline/domain';

const ROUTE_OF: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  DELETE: Delete,
};

/**
 * The route of a call of the domain's endpoint table, `@Route(endpoints.serialNumbers.history)`:
 * its method and path come from the table the clients call through, so the two cannot drift.
 */
export const Route = (endpoint: Endpoint): MethodDecorator => ROUTE_OF[endpoint.method](endpoint.path);
