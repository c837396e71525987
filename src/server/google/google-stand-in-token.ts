import { createPublicKey, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseServiceAccountKey, type ServiceAccountKey } from './service-account-key';
import {
  JWT_BEARER,
  decodeSegment,
  domainOf,
  type StandInAnswer,
  type StandInClient,
  type StandInState,
} from './google-stand-in-wire';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from './workspace-client';

/** A service account key as Google would download it, with a new RSA key pair. Registers nothing by itself. */
export function makeTestServiceAccount(
  domain: string,
  scopes: string[] = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE],
): { keyJson: string; key: ServiceAccountKey; publicKeyPem: string; client: StandInClient } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const name = `sp-test-${randomBytes(4).toString('hex')}`;
  const clientEmail = `${name}@signaturepro-test.iam.gserviceaccount.com`;
  const clientId = `1${Array.from({ length: 20 }, () => randomInt(10)).join('')}`;
  const keyJson = JSON.stringify(
    {
      type: 'service_account',
      project_id: 'signaturepro-test',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: clientId,
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    },
    null,
    2,
  );
  return {
    keyJson,
    key: parseServiceAccountKey(keyJson),
    publicKeyPem,
    client: { clientEmail, clientId, publicKeyPem, scopes: [...scopes], domain },
  };
}

const tokenError = (reply: FastifyReply, code: number, error: string, description: string) =>
  reply.code(code).send({ error, error_description: description });

/** Sends an answer a test harness gave in Google's place. */
export function sendAnswer(reply: FastifyReply, answer: StandInAnswer) {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.code(answer.status).send(answer.body);
}

const verifies = (client: StandInClient, parts: string[]) => {
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${parts[0]}.${parts[1]}`);
  try {
    return verifier.verify(createPublicKey(client.publicKeyPem), Buffer.from(parts[2]!, 'base64url'));
  } catch {
    return false;
  }
};

/** A lifetime Google accepts: at most an hour, not expired, not issued in the future. */
function reasonableTimes(payload: Record<string, unknown>, nowMs: number): boolean {
  const iat = Number(payload.iat);
  const exp = Number(payload.exp);
  const nowSeconds = Math.floor(nowMs / 1000);
  return (
    Number.isInteger(iat) &&
    Number.isInteger(exp) &&
    exp > iat &&
    exp - iat <= 3600 &&
    exp > nowSeconds &&
    iat <= nowSeconds + 300
  );
}

/**
 * POST /token: the JWT-bearer grant. Verifies the RS256 assertion against the authorised service
 * account's public key, its `aud`, lifetime, `sub` (a person of the authorising domain) and scopes,
 * answering Google's own error strings (design/google-workspace.md).
 */
export function registerTokenRoute(app: FastifyInstance, state: StandInState, audiences: string[] = []) {
  app.post('/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const parts = typeof body.assertion === 'string' ? body.assertion.split('.') : [];
    const payload = decodeSegment(parts[1]);
    const sub = typeof payload?.sub === 'string' ? payload.sub.toLowerCase() : '';
    const answer = state.hooks?.received('token', sub || undefined);
    if (answer) return sendAnswer(reply, answer);

    if (body.grant_type !== JWT_BEARER)
      return tokenError(reply, 400, 'unsupported_grant_type', 'Invalid grant_type: ' + (body.grant_type ?? ''));
    const header = decodeSegment(parts[0]);
    if (parts.length !== 3 || !header || !payload)
      return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT: the assertion is not a JWT.');
    if (header.alg !== 'RS256') return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT: alg must be RS256.');
    const client = await state.store.client(typeof payload.iss === 'string' ? payload.iss : '');
    if (!client || client.revoked || !verifies(client, parts))
      return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT Signature.');

    const here = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
    if (typeof payload.aud !== 'string' || !new Set([here, ...audiences]).has(payload.aud)) {
      return tokenError(reply, 400, 'invalid_grant', `Invalid JWT: aud must be the token URL (${here}).`);
    }
    if (!reasonableTimes(payload, state.now())) {
      return tokenError(
        reply,
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    if (!sub || domainOf(sub) !== client.domain.toLowerCase() || !(await state.store.person(sub))) {
      return tokenError(reply, 400, 'invalid_grant', 'Invalid email or User ID');
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(/\s+/).filter(Boolean) : [];
    if (scopes.length === 0 || scopes.some((s) => !client.scopes.includes(s))) {
      return tokenError(
        reply,
        401,
        'unauthorized_client',
        'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      );
    }
    const token = `ya29.test-${randomBytes(24).toString('base64url')}`;
    await state.store.saveGrant(token, {
      clientEmail: client.clientEmail,
      sub,
      scopes,
      expiresAt: state.now() + 3600 * 1000,
    });
    return reply.send({ access_token: token, expires_in: 3599, token_type: 'Bearer' });
  });
}
