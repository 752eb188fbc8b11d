// Runs Stripe's own Node library (npm `stripe`, pinned in package.json) against the sandbox's
// payment vendor, doing what Dropline does: a top-up Checkout Session with an inline-priced
// line item, the library's error for a parameter Stripe does not take, a Customer and a card
// saved in setup mode, an off-session PaymentIntent with that card, and the signed
// `checkout.session.completed` checked with `stripe.webhooks.constructEvent`.
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
  maxNetworkRetries: 0,
  telemetry: false,
  httpClient: Stripe.createFetchHttpClient(fetchUnderPayments),
});
const { check, done } = checker();

// A receiver for the vendor's webhooks, as Dropline's endpoint.
const deliveries = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    deliveries.push({ body, signature: req.headers['stripe-signature'] });
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

server.close();
done();
