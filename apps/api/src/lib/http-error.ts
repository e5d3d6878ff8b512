/** Thrown by services for a client's mistake; the error handler answers { errors: [message] }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string[],
    /** More of the answer beside errors (e.g. the connection test's steps of a refused mailbox). */
    readonly details?: Record<string, unknown>,
  ) {
    super(messages.join('; '));
  }
}

export const badRequest = (...messages: string[]) => new HttpError(400, messages);
export const unauthorized = (...messages: string[]) => new HttpError(401, messages);
export const forbidden = (...messages: string[]) => new HttpError(403, messages);
export const notFound = (...messages: string[]) => new HttpError(404, messages);
export const unprocessable = (...messages: string[]) => new HttpError(422, messages);

export const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';
