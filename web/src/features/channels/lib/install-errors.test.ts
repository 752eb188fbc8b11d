import { describe, expect, it } from 'vitest';
import { installErrorKey } from './install-errors';

describe('install error text', () => {
  it('translates the messages the spec names', () => {
    expect(installErrorKey({ status: 201, message: 'StoreAlreadyExistsInThisAccount' })).toEqual({
      key: 'channels.errors.StoreAlreadyExistsInThisAccount',
    });
    expect(installErrorKey({ status: 111, message: 'Store belongs to another account' })).toEqual({
      key: 'channels.errors.storeOwnedElsewhere',
    });
    expect(installErrorKey({ status: 113, message: 'refused' })).toEqual({ key: 'channels.errors.installFailure' });
    const plainHttp = { status: 204, message: 'WooCommerceKeyGrantNeedsHttps', errors: { shop: ['WooCommerceKeyGrantNeedsHttps'] } };
    expect(installErrorKey(plainHttp)).toEqual({ key: 'channels.errors.wooKeyGrantNeedsHttps' });
  });

  it("shows the server's field error, else its message", () => {
    expect(installErrorKey({ status: 204, message: 'Invalid', errors: { shop: ['Enter your Shopify store address'] } })).toEqual({
      text: 'Enter your Shopify store address',
    });
    expect(installErrorKey({ status: 0, message: '' })).toEqual({ key: 'channels.errors.generic' });
  });
});
