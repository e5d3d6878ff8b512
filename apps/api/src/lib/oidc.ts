import * as client from 'openid-client';
import type { GoogleConfig } from '../config';

export type OidcIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null; picture: string | null };

export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

/** An OpenID Connect provider driven through the code flow with PKCE (Google by default). */
export type OidcProvider = {
  authorizationUrl(redirectUri: string, checks: OidcChecks): Promise<URL>;
  /** callbackUrl: the full URL the provider sent the browser back to (redirect URI + query). */
  exchange(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>;
};

export const newOidcChecks = (): OidcChecks => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});

// Plain http is allowed only for a provider on this machine (the tests' local OIDC server).
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export function oidcProvider(cfg: GoogleConfig): OidcProvider {
  let discovered: Promise<client.Configuration> | null = null;
  // Discovery is lazy (the server starts offline) and retried after a failure.
  const configuration = () => {
    if (!discovered) {
      const issuer = new URL(cfg.issuer);
      discovered = client
        .discovery(issuer, cfg.clientId, cfg.clientSecret, undefined, isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined)
        .catch((err: unknown) => {
          discovered = null;
          throw err;
        });
    }
    return discovered;
  };

  return {
    async authorizationUrl(redirectUri, checks) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
    },
    async exchange(callbackUrl, checks) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no id_token');
      const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
      return {
        sub: claims.sub,
        email: str(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        name: str(claims.name),
        picture: str(claims.picture),
      };
    },
  };
}
