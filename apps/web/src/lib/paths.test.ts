import { describe, expect, it } from 'vitest';
import { fullPath, paths, safeRedirect } from './paths';

describe('paths', () => {
  it('builds the login address with its query values', () => {
    expect(paths.login.to({ redirect: '/orders?page=2', error: 'page-not-found' })).toBe(
      '/login?redirect=%2Forders%3Fpage%3D2&error=page-not-found',
    );
    expect(paths.login.to()).toBe('/login');
  });

  it('keeps the full original path, query and hash included', () => {
    expect(fullPath({ pathname: '/orders', search: '?page=2', hash: '#top' })).toBe('/orders?page=2#top');
  });

  it('follows only redirects that stay on the site', () => {
    expect(safeRedirect('/members/all?q=x')).toBe('/members/all?q=x');
    expect(safeRedirect('https://evil.test')).toBe('/');
    expect(safeRedirect('//evil.test/x')).toBe('/');
    expect(safeRedirect('/\\evil.test')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
