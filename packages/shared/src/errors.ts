/** Error screen texts (spec §2, §8). "occured" in the spec is written "occurred" here: docs/decisions.md. */
export type ErrorScreenText = { title: string; text: string };

export const ERROR_SCREEN_TEXTS: { 401: ErrorScreenText; 404: ErrorScreenText; other: ErrorScreenText } = {
  401: { title: 'Not authorized', text: 'You are not authorized to access this page.' },
  404: {
    title: 'Page not found',
    text: "We couldn't find the page you were looking for, please contact a system administrator or try again later.",
  },
  other: {
    title: 'Oops... Something went wrong',
    text: 'An error has occurred. If the problem persists, please contact a system administrator or try again later.',
  },
};

export function errorScreenText(status: number): ErrorScreenText {
  if (status === 401) return ERROR_SCREEN_TEXTS[401];
  if (status === 404) return ERROR_SCREEN_TEXTS[404];
  return ERROR_SCREEN_TEXTS.other;
}

/** The error catalogue of spec §8: messages that code logs or shows. */
export const ERROR_MESSAGES = {
  missingHeaders: 'Some headers are missing',
  holderHeadersFailed: 'Could not load the brand headers; using the default brand',
  accountStatusFailed: 'Could not read the LinkedIn account status',
  unknownMiddleware: (name: string) => `Unknown route middleware: ${name}`,
  noRouteMatch: (path: string) => `Page not found: ${path}`,
  routeValidationFailed: (path: string) => `Page Not Found: ${path}`,
  externalNavigationRefused: (url: string) => `Navigation to an external URL was refused: ${url}`,
  scriptNavigationRefused: (url: string) => `Navigation to a javascript: URL was refused: ${url}`,
} as const;

/** The body shape of every API error (devise_token_auth style). */
export type ApiErrorBody = { errors: string[] };
