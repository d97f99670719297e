import { z } from 'zod';
import { answersOf, type BinaryResponse } from './api-routes';
import { authApi } from './auth-api';
import { billingApi } from './billing-api';
import { logbookApi } from './logbook-api';
import { studentsApi } from './students-api';

/*
 * Every /api route and its success answer, for the services' side (the API description and the contract tests); the
 * front ends import the single answers they read from ./responses, so this map and the route declarations stay off
 * the page.
 */

export type { BinaryResponse };

/** Every service's /api route, declared as its service registers it ("METHOD /path"). */
export const serviceApi = { ...authApi, ...studentsApi, ...billingApi, ...logbookApi };

/** Every service's /api route and its success answer. */
export const responseSchemas = answersOf(serviceApi);

export type ApiRoute = keyof typeof responseSchemas;

export const isBinaryResponse = (entry: z.ZodType | BinaryResponse): entry is BinaryResponse =>
  !(entry instanceof z.ZodType);
