import { z } from 'zod';
import { ErrorBody } from '../../shared/contract/common';

/** Declared on every route so the OpenAPI document shows the error shape. */
export const ERROR_RESPONSES = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/** A body that must be empty (spec §7 refresh: "empty body"); `{}` is accepted too. */
export const EmptyBody = z.union([z.strictObject({}), z.null(), z.undefined()]);

/** One path segment carrying a secret code or token. */
export const SecretParam = (name: string) => z.object({ [name]: z.string().min(1).max(128) });
