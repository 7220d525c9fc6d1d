import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePrefetchedResponse } from '@/lib/organization-prefetch';
import { getOrganizationByKey } from './get-organization-by-key';

const URL_OF_DEMO = '/api/organizations/directory/key/demo';

afterEach(() => {
  delete window.__inscrioOrganization;
});

describe('the organisation lookup started by index.html', () => {
  it('answers the app’s own lookup once, without a second request', async () => {
    const organization = { id: 'org_demo', key: 'demo', name: 'Club démo' };
    window.__inscrioOrganization = {
      url: URL_OF_DEMO,
      response: Promise.resolve(Response.json(organization)),
    };
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(getOrganizationByKey('demo')).resolves.toEqual(organization);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(window.__inscrioOrganization).toBeUndefined();
  });

  it('keeps a failed lookup’s status (an unknown organisation is a 404)', async () => {
    window.__inscrioOrganization = {
      url: URL_OF_DEMO,
      response: Promise.resolve(Response.json({ error: 'not_found' }, { status: 404 })),
    };
    await expect(getOrganizationByKey('demo')).rejects.toMatchObject({ status: 404 });
  });

  it('is not used for another request', () => {
    window.__inscrioOrganization = { url: URL_OF_DEMO, response: Promise.resolve(new Response('{}')) };
    expect(takePrefetchedResponse('/api/organizations/directory/key/other')).toBeNull();
    expect(takePrefetchedResponse(URL_OF_DEMO, { method: 'POST' })).toBeNull();
    expect(window.__inscrioOrganization).toBeDefined();
  });
});
