import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect provider (oidc-provider 9.13.3, in-process) standing in for the third
 * parties we cannot reach in tests (a university's SSO, Google, Microsoft). Authorization code +
 * PKCE, ID tokens signed with its own keys, discovery at /.well-known/openid-configuration.
 * Its sign-in page is ours and minimal: type the account's e-mail, or cancel.
 */
export interface TestIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface LocalOidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) a person the provider knows. */
  addIdentity(identity: Partial<TestIdentity> & { email: string }): TestIdentity;
  /**
   * Plays the browser at the provider: opens `authorizationUrl`, signs in as `email` (or cancels),
   * and returns the address the provider sends the browser back to (the portal's callback).
   */
  authorize(authorizationUrl: string, email: string | null): Promise<string>;
  close(): Promise<void>;
}

const page = (
  uid: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${uid}"><label for="login">Email</label> <input id="login" name="login" type="email" autocomplete="off">
<button type="submit" name="action" value="login">Continue</button> <button type="submit" name="action" value="cancel">Cancel</button></form></main></body></html>`;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Cookies of one browser at the provider. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      this.cookies.set(name!.trim(), rest.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * `autoEnrol`: an e-mail typed on the provider's page that it does not know becomes a verified
 * identity (for browser tests, whose provider runs in another process than the spec).
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  autoEnrol?: boolean;
}): Promise<LocalOidcProvider> {
  const identities = new Map<string, TestIdentity>();
  const clientId = options.clientId ?? 'portal-test';
  const clientSecret = randomUUID();
  let server: Server | null = null;
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const identity = [...identities.values()].find((i) => i.sub === sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: identity.email,
            email_verified: identity.emailVerified,
            name: identity.name,
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: [randomUUID()] },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  });
  // Its own errors stay quiet in test output.
  provider.on('server_error', () => undefined);

  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    void (async () => {
      try {
        const interaction = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(page(interaction.uid));
          return;
        }
        const form = await formBody(req);
        if (form.get('action') === 'cancel') {
          await provider.interactionFinished(
            req,
            res,
            {
              error: 'access_denied',
              error_description: 'The person <b>cancelled</b> at the provider',
            },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const login = (form.get('login') ?? '').trim().toLowerCase();
        if (options.autoEnrol && /^[^\s@]+@[^\s@]+$/.test(login) && !identities.has(login)) {
          identities.set(login, {
            sub: randomUUID(),
            email: login,
            emailVerified: true,
            name: 'Test Person',
          });
        }
        const identity = identities.get(login);
        if (!identity) {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(page(interaction.uid));
          return;
        }
        const grant = new provider.Grant({
          accountId: identity.sub,
          clientId: String(interaction.params.client_id),
        });
        grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: identity.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    addIdentity(identity) {
      const full: TestIdentity = {
        sub: randomUUID(),
        emailVerified: true,
        name: 'Test Person',
        ...identity,
        email: identity.email.toLowerCase(),
      };
      identities.set(full.email, full);
      return full;
    },
    async authorize(authorizationUrl, email) {
      const jar = new Jar();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        if (!url.startsWith(issuer)) return url;
        const isInteraction = /\/interaction\//.test(url);
        const res = isInteraction
          ? await fetch(url, {
              method: 'POST',
              redirect: 'manual',
              headers: {
                cookie: jar.header(),
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: new URLSearchParams(
                email === null ? { action: 'cancel' } : { action: 'login', login: email },
              ).toString(),
            })
          : await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.take(res);
        const location = res.headers.get('location');
        if (!location)
          throw new Error(
            `test provider: no redirect from ${new URL(url).pathname} (${res.status}: ${await res.text()})`,
          );
        url = new URL(location, url).toString();
      }
      throw new Error('test provider: too many redirects');
    },
    async close() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server!.closeAllConnections();
    },
  };
}
