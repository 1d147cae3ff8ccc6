import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error envelope every failure is answered with. */
export type ErrorEnvelope = { detail: string; code: string; fields?: Record<string, string> };

/** Thrown by domain code; app.onError turns it into the envelope with its status. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: ContentfulStatusCode, code: string, detail: string, fields?: Record<string, string>) {
    super(detail);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  toEnvelope(): ErrorEnvelope {
    return this.fields ? { detail: this.message, code: this.code, fields: this.fields } : { detail: this.message, code: this.code };
  }
}

export const errors = {
  validation: (fields: Record<string, string>, detail = 'Проверьте правильность заполнения полей') =>
    new ApiError(400, 'validation_error', detail, fields),
  unauthorized: (detail = 'Необходима авторизация') => new ApiError(401, 'not_authenticated', detail),
  forbidden: (detail = 'Недостаточно прав для этого действия') => new ApiError(403, 'forbidden', detail),
  notFound: (detail = 'Не найдено') => new ApiError(404, 'not_found', detail),
  conflict: (code: string, detail: string) => new ApiError(409, code, detail),
  tooManyRequests: (detail = 'Слишком много запросов. Попробуйте позже.') => new ApiError(429, 'rate_limited', detail),
};
