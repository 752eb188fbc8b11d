// Runs Shopify's own Node libraries (npm `@shopify/shopify-api` and `@shopify/admin-api-client`,
// pinned in package.json) against the sandbox, doing what Dropline does: the OAuth install
// redirect checked with `shopify.utils.validateHmac`, the code exchanged for a token, Admin
// GraphQL calls through the Admin API client at the version Dropline targets, and an
// orders/create webhook checked with `shopify.webhooks.validate`; and, for the embedded app, a
// session token as the sandbox's stand-in App Bridge hands it checked with
// `shopify.session.decodeSessionToken` and exchanged for an offline token.
//   node shopify-libraries.mjs <sandbox base url> <api version>
// Prints JSON {checks: [names that passed]} or exits non-zero naming the first that failed.
import '@shopify/shopify-api/adapters/node';
import http from 'node:http';
import { createAdminApiClient } from '@shopify/admin-api-client';
import { LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { checker } from './check.mjs';

const [baseArg, apiVersion] = process.argv.slice(2);
const base = new URL(baseArg).origin;
const secret = 'sandbox-shopify-secret';
const shop = `libraries-${Date.now()}.myshopify.com`;
const shopify = shopifyApi({
  apiKey: 'app1',
  apiSecretKey: secret,
  apiVersion,
  hostName: 'localhost:3000',
  hostScheme: 'http',
  isEmbeddedApp: false,
  scopes: ['read_products', 'write_products', 'read_orders', 'read_locations'],
  logger: { level: LogSeverity.Error },
});
const { check, done } = checker();

// Install: the sandbox's redirect back carries an hmac the library must accept.
const authorize = `${base}/shops/${shop}/admin/oauth/authorize?client_id=app1&scope=read_products,write_products,read_orders,read_locations&redirect_uri=${encodeURIComponent('http://localhost:3000/callback')}&state=n0nce`;
const redirect = await fetch(authorize, { redirect: 'manual' });
const back = new URL(redirect.headers.get('location'));
const query = Object.fromEntries(back.searchParams);
check('OAuth redirect hmac validates', (await shopify.utils.validateHmac(query)) === true, query);
const tampered = { ...query, shop: 'another.myshopify.com' };
check('a tampered redirect does not', (await shopify.utils.validateHmac(tampered)) === false, tampered);
const exchange = await fetch(`${base}/shops/${shop}/admin/oauth/access_token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ client_id: 'app1', client_secret: secret, code: query.code }),
});
const { access_token: accessToken } = await exchange.json();
check('code exchanged for a token', typeof accessToken === 'string' && accessToken.length > 0, accessToken);

// The Admin API client addresses https://{shop}/admin/api/{version}/graphql.json; the sandbox
// serves each shop under /shops/{shop}.
const client = createAdminApiClient({
  storeDomain: shop,
  apiVersion,
  accessToken,
  customFetchApi: (url, init) => fetch(String(url).replace(`https://${shop}`, `${base}/shops/${shop}`), init),
});
const info = await client.request('query { shop { name currencyCode } location { id name } }');
check('Admin GraphQL through the Admin API client', !info.errors && typeof info.data?.shop?.name === 'string' && info.data.location?.name === 'Shop location', info);

// Webhooks: subscribe a local receiver, let a customer buy, validate the delivery.
const received = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    const valid = await shopify.webhooks.validate({ rawBody: body, rawRequest: req, rawResponse: res });
    received.push(valid);
    res.end('ok');
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const uri = `http://127.0.0.1:${server.address().port}/webhooks`;
const sub = await client.request(
  'mutation($sub: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } } }',
  { variables: { sub: { uri, format: 'JSON' } } },
);
check('webhook subscribed with uri', sub.data?.webhookSubscriptionCreate?.userErrors?.length === 0, sub);
await fetch(`${base}/_sandbox/shopify/${shop}/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
const v = received[0];
check('orders/create validated by webhooks.validate', v?.valid === true && v.topic === 'ORDERS_CREATE' && v.domain === shop, v);

server.close();

// Embedded: the session token App Bridge hands the app inside the admin.
const minted = await fetch(`${base}/_sandbox/shopify/${shop}/session-token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ client_id: 'app1' }),
});
const { session_token: sessionToken } = await minted.json();
const payload = await shopify.session.decodeSessionToken(sessionToken).catch((e) => e);
check('session token decoded by decodeSessionToken', payload.dest === `https://${shop}` && payload.iss === `https://${shop}/admin` && payload.aud === 'app1', payload);
const [head, body, signature] = sessionToken.split('.');
const forged = `${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
const refused = await shopify.session.decodeSessionToken(forged).then(
  () => false,
  () => true,
);
check('a tampered session token is refused', refused, forged);
const grant = await fetch(`${base}/shops/${shop}/admin/oauth/access_token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    client_id: 'app1',
    client_secret: secret,
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: sessionToken,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
  }),
});
const granted = await grant.json();
check('session token exchanged for an offline token', grant.ok && typeof granted.access_token === 'string', granted);
done();
