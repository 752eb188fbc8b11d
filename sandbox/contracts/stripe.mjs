// Runs Stripe's own Node library (npm `stripe`, pinned in package.json, with its default
// settings: network retries, so an Idempotency-Key on every POST, and telemetry) against the
// sandbox's payment vendor, doing what Dropline does: a top-up Checkout Session with an
// inline-priced line item, the library's error for a parameter Stripe does not take, a Customer
// and a card saved in setup mode, an off-session PaymentIntent with that card, and the signed
// `checkout.session.completed` checked with `stripe.webhooks.constructEvent`; and what plan
// billing does: a Product and its recurring Price, a Subscription of `items: [{price}]` (never an
// amount), a subscription-mode Checkout Session, and webhook endpoints listed, retrieved and
// deleted, each signing with its own secret.
//   node stripe.mjs <sandbox base url>
// Prints JSON {checks: [names that passed]} or exits non-zero naming the first that failed.
import http from 'node:http';
import Stripe from 'stripe';
import { checker } from './check.mjs';

const base = new URL(process.argv[2]);
// The sandbox mounts the vendor under /payments; the library talks to /v1.
const fetchUnderPayments = (url, init) => fetch(String(url).replace(`${base.origin}/v1/`, `${base.origin}/payments/v1/`), init);
const stripe = new Stripe('sandbox-payments-key', {
  host: base.hostname,
  port: base.port,
  protocol: base.protocol.replace(':', ''),
  httpClient: Stripe.createFetchHttpClient(fetchUnderPayments),
});
const { check, done } = checker();

// A receiver for the vendor's webhooks, as Dropline's endpoint.
const deliveries = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    deliveries.push({ path: req.url, body, signature: req.headers['stripe-signature'] });
    res.end('{}');
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const hook = await stripe.webhookEndpoints.create({ url: `http://127.0.0.1:${server.address().port}/hook`, enabled_events: ['checkout.session.completed'] });
check('webhook endpoint', hook.id.startsWith('we_') && typeof hook.secret === 'string', hook);

const topup = await stripe.checkout.sessions.create({
  mode: 'payment',
  line_items: [{ price_data: { currency: 'usd', unit_amount: 2550, product_data: { name: 'Dropline wallet top-up' } }, quantity: 1 }],
  success_url: 'http://app.local/ok?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://app.local/cancel',
  metadata: { purpose: 'wallet_topup' },
});
check('checkout session with line_items', topup.amount_total === 2550 && topup.status === 'open' && topup.url.startsWith(base.origin), topup);

try {
  await stripe.checkout.sessions.create({ mode: 'payment', amount: 2550, currency: 'usd', success_url: 'http://a/ok', cancel_url: 'http://a/no' });
  check('unknown parameter refused', false, 'accepted');
} catch (e) {
  check('unknown parameter refused', e.type === 'StripeInvalidRequestError' && e.code === 'parameter_unknown', { type: e.type, code: e.code });
}

await fetch(`${base.origin}/payments/checkout/${topup.id}/pay`, { method: 'POST', redirect: 'manual' });
const paid = await stripe.checkout.sessions.retrieve(topup.id);
check('session paid', paid.status === 'complete' && paid.payment_status === 'paid', paid);
for (let i = 0; i < 100 && !deliveries.some((d) => d.body.includes(topup.id)); i++) await new Promise((r) => setTimeout(r, 50));
const delivery = deliveries.find((d) => d.body.includes(topup.id));
const event = stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', hook.secret);
check('signed webhook verified by constructEvent', event.type === 'checkout.session.completed' && event.data.object.id === topup.id, event);

const customer = await stripe.customers.create({ metadata: { workplace_id: 'w1' } });
const setup = await stripe.checkout.sessions.create({
  mode: 'setup',
  customer: customer.id,
  payment_method_types: ['card'],
  success_url: 'http://app.local/wallet?card=saved',
  cancel_url: 'http://app.local/wallet',
});
await fetch(`${base.origin}/payments/checkout/${setup.id}/pay`, { method: 'POST', redirect: 'manual' });
const saved = await stripe.checkout.sessions.retrieve(setup.id);
const intent = await stripe.setupIntents.retrieve(saved.setup_intent);
const method = await stripe.paymentMethods.retrieve(intent.payment_method);
check('card saved in setup mode', intent.status === 'succeeded' && intent.customer === customer.id && method.card.last4.length === 4, { intent, method });

const charge = await stripe.paymentIntents.create(
  { amount: 1299, currency: 'usd', customer: customer.id, payment_method: method.id, confirm: true, off_session: true },
  { idempotencyKey: `dropline-so-${Date.now()}` },
);
check('off-session payment with the saved card', charge.status === 'succeeded' && charge.amount_received === 1299, charge);

// Plan billing as Stripe takes it: a Product, its monthly Price, a Subscription of that Price.
const plans = await stripe.webhookEndpoints.create({
  url: `http://127.0.0.1:${server.address().port}/plans`,
  enabled_events: ['customer.subscription.created', 'invoice.paid'],
});
const product = await stripe.products.create({ name: 'Dropline Pro' });
const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 2900, recurring: { interval: 'month' } });
check('product and recurring price', price.type === 'recurring' && price.recurring.interval === 'month' && price.product === product.id, price);
// Dropline finds a plan's Price again by its lookup key; a key already taken is refused.
const keyed = await stripe.prices.create({
  currency: 'usd',
  unit_amount: 2990,
  recurring: { interval: 'month' },
  product_data: { name: 'Dropline Pro (keyed)' },
  lookup_key: 'dropline_plan_contract_2990_month',
});
const found = await stripe.prices.list({ lookup_keys: ['dropline_plan_contract_2990_month'], active: true });
check('price found by lookup key', found.data.length === 1 && found.data[0].id === keyed.id, found);
try {
  await stripe.prices.create({ currency: 'usd', unit_amount: 2990, product: product.id, lookup_key: 'dropline_plan_contract_2990_month' });
  check('a taken lookup key is refused', false, 'accepted');
} catch (e) {
  check('a taken lookup key is refused', e.type === 'StripeInvalidRequestError' && e.param === 'lookup_key', { type: e.type, param: e.param });
}
try {
  await stripe.subscriptions.create({ customer: customer.id, amount: 2900, interval: 'month' });
  check('subscription amount refused', false, 'accepted');
} catch (e) {
  check('subscription amount refused', e.type === 'StripeInvalidRequestError' && e.code === 'parameter_unknown' && e.param === 'amount', { type: e.type, code: e.code, param: e.param });
}
const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: method.id, metadata: { workplace_id: 'w1' } });
check('subscription of a price', sub.status === 'active' && sub.items.data[0].price.id === price.id && sub.default_payment_method === method.id, sub);

const planCheckout = await stripe.checkout.sessions.create({
  mode: 'subscription',
  customer: customer.id,
  line_items: [{ price: price.id, quantity: 1 }],
  success_url: 'http://app.local/plans?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://app.local/plans',
});
await fetch(`${base.origin}/payments/checkout/${planCheckout.id}/pay`, { method: 'POST', redirect: 'manual' });
const planPaid = await stripe.checkout.sessions.retrieve(planCheckout.id);
const planItems = await stripe.checkout.sessions.listLineItems(planCheckout.id);
const planSub = await stripe.subscriptions.retrieve(planPaid.subscription);
check(
  'subscription-mode checkout of a price',
  planPaid.status === 'complete' && planItems.data[0].price.id === price.id && planSub.status === 'active' && planSub.customer === customer.id,
  { planPaid, planItems, planSub },
);
const canceled = await stripe.subscriptions.cancel(planSub.id);
check('subscription cancelled', canceled.status === 'canceled', canceled);

// The subscription's own event, signed with the secret of the endpoint that asked for it.
const isCreated = (d) => d.path === '/plans' && d.body.includes('customer.subscription.created') && d.body.includes(sub.id);
for (let i = 0; i < 100 && !deliveries.some(isCreated); i++) await new Promise((r) => setTimeout(r, 50));
const created = deliveries.find(isCreated);
const subEvent = stripe.webhooks.constructEvent(created?.body ?? '', created?.signature ?? '', plans.secret);
let otherSecret = false;
try {
  stripe.webhooks.constructEvent(created?.body ?? '', created?.signature ?? '', hook.secret);
} catch (e) {
  otherSecret = e.type === 'StripeSignatureVerificationError';
}
check('subscription event verified by constructEvent', subEvent.data.object.id === sub.id && otherSecret, subEvent);

const listed = await stripe.webhookEndpoints.list();
const fetched = await stripe.webhookEndpoints.retrieve(plans.id);
check(
  'webhook endpoints listed and retrieved',
  listed.data.length === 2 && listed.data[0].id === plans.id && fetched.url === plans.url && fetched.secret === undefined,
  { listed, fetched },
);
const deleted = await stripe.webhookEndpoints.del(plans.id);
try {
  await stripe.webhookEndpoints.retrieve(plans.id);
  check('webhook endpoint deleted', false, 'still there');
} catch (e) {
  check('webhook endpoint deleted', deleted.deleted === true && e.statusCode === 404 && e.code === 'resource_missing', { deleted, code: e.code });
}

server.close();
// A peer may hold a connection it never sent a request on; close() waits for it forever.
server.closeAllConnections();
done();
