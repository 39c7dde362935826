import { describe, expect, it } from 'vitest';
import { paths, ROUTES, safeReturnTo } from '../paths';
import { buildPath, matchPath, matchRoute } from '../router';

describe('router', () => {
  describe('matchPath', () => {
    it('matches static paths, ignoring a trailing slash', () => {
      expect(matchPath('/cart', '/cart')).toEqual({});
      expect(matchPath('/cart', '/cart/')).toEqual({});
      expect(matchPath('/', '/')).toEqual({});
      expect(matchPath('/cart', '/carts')).toBeNull();
    });

    it('decodes params', () => {
      expect(matchPath('/products/:slug', '/products/caf%C3%A9-mug')).toEqual({ slug: 'café-mug' });
    });

    it('does not match a different number of segments', () => {
      expect(matchPath('/products/:slug', '/products')).toBeNull();
      expect(matchPath('/products/:slug', '/products/a/b')).toBeNull();
    });

    it('does not match a segment that cannot be decoded', () => {
      expect(matchPath('/products/:slug', '/products/%E0%A4%A')).toBeNull();
    });
  });

  describe('matchRoute', () => {
    it('finds every page of the storefront', () => {
      expect(matchRoute(ROUTES, '/')?.name).toBe('home');
      expect(matchRoute(ROUTES, '/collections/outdoor')).toEqual({
        name: 'collection',
        params: { slug: 'outdoor' },
      });
      expect(matchRoute(ROUTES, '/products/classic-crew-tee')?.name).toBe('product');
      expect(matchRoute(ROUTES, '/account')?.name).toBe('account');
      expect(matchRoute(ROUTES, '/account/sign-in')?.name).toBe('signIn');
      expect(matchRoute(ROUTES, '/account/reset-password')?.name).toBe('resetPassword');
      expect(matchRoute(ROUTES, '/callback')?.name).toBe('callback');
      expect(matchRoute(ROUTES, '/nowhere')).toBeUndefined();
    });

    it('round-trips with the link builders', () => {
      expect(matchRoute(ROUTES, paths.product('trail runner'))).toEqual({
        name: 'product',
        params: { slug: 'trail runner' },
      });
    });
  });

  describe('buildPath', () => {
    it('encodes params and leaves out empty search values', () => {
      expect(
        buildPath('/collections/:slug', { slug: 'home & kitchen' }, { sort: 'price-asc' }),
      ).toBe('/collections/home%20%26%20kitchen?sort=price-asc');
      expect(buildPath('/shop', {}, { sort: undefined, q: '' })).toBe('/shop');
      expect(paths.search('boot', 'name-asc')).toBe('/search?q=boot&sort=name-asc');
    });

    it('throws on a missing param', () => {
      expect(() => buildPath('/products/:slug')).toThrow(/missing param "slug"/);
    });
  });

  describe('safeReturnTo', () => {
    it('keeps paths of this site', () => {
      expect(safeReturnTo('/cart')).toBe('/cart');
      expect(safeReturnTo('/products/tee?x=1')).toBe('/products/tee?x=1');
    });

    it('refuses anything that could leave the site', () => {
      expect(safeReturnTo('https://evil.example/')).toBe('/account');
      expect(safeReturnTo('//evil.example/')).toBe('/account');
      expect(safeReturnTo('/\\evil.example')).toBe('/account');
      expect(safeReturnTo('javascript:alert(1)')).toBe('/account');
      expect(safeReturnTo(null, '/')).toBe('/');
    });
  });
});
