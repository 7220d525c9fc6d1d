import { createMollieClient, type MollieClient } from '@mollie/api-client';
import type { MollieStatus } from '@inscrio/shared';
import type { AppContext } from '../../../app-context';
import { organizationUrl } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { randomToken } from '../../../lib/crypto';
import { createPaymentsRepository, type MollieConnectionRow } from '../payments.repository';
import { decryptSecret, encryptSecret } from '../../../lib/secret-box';

/** What the platform asks each organisation to grant (domain brief section 1). */
export const MOLLIE_SCOPES = [
  'payments.read',
  'payments.write',
  'refunds.read',
  'refunds.write',
  'onboarding.read',
  'profiles.read',
  'organizations.read',
] as const;

/** Refresh the access token when less than this is left (Mollie gives one hour). */
const REFRESH_MARGIN_MS = 60_000;

const unavailable = () =>
  new AppError('unavailable', [], {
    text: {
      fr: 'Le prestataire de paiement est indisponible. Réessayez dans quelques instants.',
      en: 'The payment provider is unavailable. Please try again in a moment.',
    },
  });

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}

class TokenRejected extends Error {}

/** The Mollie status of spec section 4 from a stored connection (mapping of domain brief section 1). */
export function mollieStatusOf(connection: MollieConnectionRow | undefined): {
  status: MollieStatus;
  dashboardUrl: string | null;
} {
  if (!connection) return { status: 'unset', dashboardUrl: null };
  if (connection.disconnectedAt && !connection.refreshTokenEncrypted) {
    return { status: 'disconnected', dashboardUrl: null };
  }
  if (!connection.refreshTokenEncrypted) return { status: 'unset', dashboardUrl: null };
  if (connection.onboardingStatus === 'completed' && connection.canReceivePayments) {
    return { status: 'ready', dashboardUrl: null };
  }
  return { status: 'onboarding', dashboardUrl: connection.dashboardUrl };
}

/**
 * An organisation's Mollie connection: the OAuth dance (connect, callback, disconnect), its tokens
 * (encrypted at rest, refreshed before they expire) and one API client per organisation.
 */
export function createMollieConnections(ctx: AppContext) {
  const repository = createPaymentsRepository(ctx.db);
  const { config } = ctx;
  const key = ctx.secrets.encryptionKey;
  const tokenEndpoint = new URL('/oauth2/tokens', config.mollie.apiUrl).toString();
  const redirectUri = `${config.urlScheme}://${config.appBaseHost}/api/integrations/mollie/oauth/callback`;
  const context = (organizationId: string, kind: string) => `mollie:${kind}:${organizationId}`;

  function appCredentials() {
    const { clientId, clientSecret } = config.mollie;
    if (!clientId || !clientSecret) {
      // 409, not 503: retrying will not help until the platform is configured.
      throw new AppError('mollie_not_configured');
    }
    return { clientId, clientSecret };
  }

  /** POST (or DELETE) on Mollie's token endpoint with the app's Basic credentials and a form body. */
  async function tokenRequest(method: 'POST' | 'DELETE', form: Record<string, string>) {
    const { clientId, clientSecret } = appCredentials();
    let response: Response;
    try {
      response = await fetch(tokenEndpoint, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      ctx.logger.warn({ err: error }, 'mollie token endpoint unreachable');
      throw unavailable();
    }
    if (response.status >= 400 && response.status < 500) throw new TokenRejected(String(response.status));
    if (!response.ok) throw unavailable();
    return method === 'DELETE' ? null : ((await response.json()) as TokenResponse);
  }

  const clientFor = (accessToken: string): MollieClient =>
    createMollieClient({ accessToken, apiEndpoint: config.mollie.apiUrl });

  async function storeTokens(
    organizationId: string,
    tokens: TokenResponse,
    extra: Partial<MollieConnectionRow>,
  ) {
    await repository.upsertMollieConnection(organizationId, {
      accessTokenEncrypted: encryptSecret(key, tokens.access_token, context(organizationId, 'access')),
      ...(tokens.refresh_token
        ? {
            refreshTokenEncrypted: encryptSecret(
              key,
              tokens.refresh_token,
              context(organizationId, 'refresh'),
            ),
          }
        : {}),
      accessTokenExpiresAt: new Date(ctx.clock.now().getTime() + tokens.expires_in * 1000),
      ...extra,
    });
  }

  async function markDisconnected(organizationId: string) {
    await repository.upsertMollieConnection(organizationId, {
      accessTokenEncrypted: null,
      refreshTokenEncrypted: null,
      accessTokenExpiresAt: null,
      canReceivePayments: false,
      disconnectedAt: ctx.clock.now(),
    });
  }

  /** A valid access token, refreshed first when it is about to expire; a rejected refresh disconnects. */
  async function accessToken(organizationId: string): Promise<string> {
    const connection = await repository.findMollieConnection(organizationId);
    const refreshToken = decryptSecret(
      key,
      connection?.refreshTokenEncrypted,
      context(organizationId, 'refresh'),
    );
    if (!connection || !refreshToken) {
      throw new AppError('mollie_not_connected');
    }
    const current = decryptSecret(key, connection.accessTokenEncrypted, context(organizationId, 'access'));
    const expiresAt = connection.accessTokenExpiresAt?.getTime() ?? 0;
    if (current && expiresAt - REFRESH_MARGIN_MS > ctx.clock.now().getTime()) return current;
    try {
      const tokens = await tokenRequest('POST', { grant_type: 'refresh_token', refresh_token: refreshToken });
      await storeTokens(organizationId, tokens!, {});
      return tokens!.access_token;
    } catch (error) {
      if (error instanceof TokenRejected) {
        ctx.logger.warn({ organizationId }, 'mollie refresh token rejected: connection marked disconnected');
        await markDisconnected(organizationId);
        throw new AppError('mollie_disconnected');
      }
      throw error;
    }
  }

  /** Reads the onboarding status from Mollie and stores it. */
  async function refreshOnboarding(organizationId: string, client: MollieClient) {
    const onboarding = await client.onboarding.get();
    await repository.upsertMollieConnection(organizationId, {
      onboardingStatus: onboarding.status,
      canReceivePayments: onboarding.canReceivePayments,
      dashboardUrl: onboarding._links?.dashboard?.href ?? null,
    });
  }

  return {
    tokenEndpoint,
    redirectUri,
    accessToken,

    /** The organisation's Mollie client and profile, with a fresh token. */
    async client(organizationId: string): Promise<{ client: MollieClient; profileId: string | null }> {
      const token = await accessToken(organizationId);
      const connection = await repository.findMollieConnection(organizationId);
      return { client: clientFor(token), profileId: connection?.profileId ?? null };
    },

    /** Where to send the manager to grant access; the state is kept to check the callback. */
    async connectUrl(organizationId: string, locale: string): Promise<string> {
      const { clientId } = appCredentials();
      const state = randomToken();
      await repository.upsertMollieConnection(organizationId, { oauthState: state });
      const url = new URL(config.mollie.authorizeUrl);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', MOLLIE_SCOPES.join(' '));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('approval_prompt', 'auto');
      url.searchParams.set('locale', locale === 'en' ? 'en_US' : 'fr_BE');
      return url.toString();
    },

    /**
     * Completes the authorisation: exchanges the code, stores the tokens, picks the first profile and
     * reads the onboarding. Answers where to send the browser (the organisation's configuration page).
     */
    async callback(query: { code?: string; state?: string; error?: string }): Promise<string> {
      const connection = query.state ? await repository.findMollieConnectionByState(query.state) : undefined;
      if (!connection) {
        return `${config.urlScheme}://${config.appBaseHost}/`;
      }
      const organizationId = connection.organizationId;
      const organization = await repository.findOrganization(organizationId);
      const back = (outcome: 'connected' | 'error') =>
        organizationUrl(
          config,
          organization?.key ?? '',
          `/configuration/organizations/${encodeURIComponent(organizationId)}?step=payment&mollie=${outcome}`,
        );
      await repository.upsertMollieConnection(organizationId, { oauthState: null });
      if (!query.code || query.error) return back('error');
      try {
        const tokens = await tokenRequest('POST', {
          grant_type: 'authorization_code',
          code: query.code,
          redirect_uri: redirectUri,
        });
        const client = clientFor(tokens!.access_token);
        const profiles = await client.profiles.page({ limit: 1 });
        await storeTokens(organizationId, tokens!, {
          profileId: profiles[0]?.id ?? null,
          disconnectedAt: null,
        });
        await refreshOnboarding(organizationId, client);
        return back('connected');
      } catch (error) {
        ctx.logger.warn({ err: error, organizationId }, 'mollie oauth callback failed');
        return back('error');
      }
    },

    /** The status of spec section 4, with the onboarding re-read from Mollie when connected. */
    async status(organizationId: string) {
      const connection = await repository.findMollieConnection(organizationId);
      if (connection?.refreshTokenEncrypted) {
        try {
          const token = await accessToken(organizationId);
          await refreshOnboarding(organizationId, clientFor(token));
        } catch (error) {
          // Mollie unreachable: the stored figures stand; a rejected refresh has marked it disconnected.
          ctx.logger.warn({ err: error, organizationId }, 'mollie onboarding refresh failed');
        }
      }
      return mollieStatusOf(await repository.findMollieConnection(organizationId));
    },

    /** The stored status, without calling Mollie. */
    async storedStatus(organizationId: string) {
      return mollieStatusOf(await repository.findMollieConnection(organizationId));
    },

    /** Revokes the grant at Mollie (best effort) and forgets the tokens. */
    async disconnect(organizationId: string): Promise<void> {
      const connection = await repository.findMollieConnection(organizationId);
      const refreshToken = decryptSecret(
        key,
        connection?.refreshTokenEncrypted,
        context(organizationId, 'refresh'),
      );
      if (refreshToken) {
        await tokenRequest('DELETE', { token_type_hint: 'refresh_token', token: refreshToken }).catch(
          (error: unknown) => ctx.logger.warn({ err: error, organizationId }, 'mollie revoke failed'),
        );
      }
      if (connection) await markDisconnected(organizationId);
    },
  };
}

export type MollieConnections = ReturnType<typeof createMollieConnections>;
