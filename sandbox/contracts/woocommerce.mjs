// Runs WooCommerce's own Node REST client (npm `@woocommerce/woocommerce-rest-api`, pinned in
// package.json) against a sandbox store, with its default settings: over plain HTTP it signs
// every call with OAuth 1.0a, as WooCommerce requires there. Does what Dropline does: create a
// product with a tag by id, find it by SKU, batch its variations, and sees a wrong key refused.
//   node woocommerce.mjs <sandbox base url> <store>
// Prints JSON {checks: [names that passed]} or exits non-zero naming the first that failed.
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import { checker } from './check.mjs';

const WooCommerceRestApi = WooCommerceRestApiModule.default ?? WooCommerceRestApiModule;
const [baseArg, store] = process.argv.slice(2);
const base = new URL(baseArg).origin;
const keys = await (await fetch(`${base}/_sandbox/woo/${store}/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
const api = new WooCommerceRestApi({ url: `${base}/woo/${store}`, consumerKey: keys.consumer_key, consumerSecret: keys.consumer_secret, version: 'wc/v3' });
const { check, done } = checker();

const tag = (await api.post('products/tags', { name: 'Summer' })).data;
check('tag created', typeof tag.id === 'number', tag);
const product = (
  await api.post('products', {
    name: 'Desk Lamp',
    type: 'variable',
    sku: 'DL-LIB-1',
    tags: [{ id: tag.id }],
    attributes: [{ name: 'Color', options: ['Red', 'Blue'], variation: true, visible: true }],
  })
).data;
check('product created with its tag', product.tags?.[0]?.name === 'Summer', product);
const found = (await api.get('products', { sku: 'DL-LIB-1', status: 'any' })).data;
check('found by SKU (a signed query string)', found.length === 1 && found[0].id === product.id, found);
const batch = (
  await api.post(`products/${product.id}/variations/batch`, {
    create: [
      { sku: 'DL-LIB-1-R', regular_price: '19.99', attributes: [{ name: 'Color', option: 'Red' }] },
      { sku: 'DL-LIB-1-B', regular_price: '19.99', attributes: [{ name: 'Color', option: 'Blue' }] },
    ],
  })
).data;
check('variations batch', batch.create?.length === 2 && batch.create.every((v) => typeof v.id === 'number'), batch);

const wrong = new WooCommerceRestApi({ url: `${base}/woo/${store}`, consumerKey: keys.consumer_key, consumerSecret: 'cs_wrong', version: 'wc/v3' });
try {
  await wrong.get('products');
  check('a wrong secret is refused', false, 'accepted');
} catch (e) {
  check('a wrong secret is refused', e.response?.status === 401 && e.response?.data?.code === 'woocommerce_rest_authentication_error', e.response?.data);
}
done();
