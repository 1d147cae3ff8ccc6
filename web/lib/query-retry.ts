import { ApiError } from './api-client.ts';

/** A query's retry rule: a refusal (4xx) won't change on a retry; a network or server failure is tried once more. */
export const retryOnce = (count: number, error: Error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
