import { describe, expect, it } from 'vitest';
import { type Actor, supportStanding } from '@inscrio/shared';
import { detectAttachmentType, maySeekSupport, mayReadThread, statusAfterMessage } from './support.rules';

const actor = (role: Actor['role'], extra: Partial<Actor> = {}): Actor => ({
  role,
  isHolder: false,
  isSystemAdmin: false,
  ...extra,
});

describe('support rules', () => {
  it('gives each caller their standing', () => {
    expect(supportStanding(actor('admin', { isSystemAdmin: true }), true)).toBe('platform');
    expect(supportStanding(actor('support'), true)).toBe('support');
    expect(supportStanding(actor('admin'), false)).toBe('club-admin');
    expect(supportStanding(actor('admin'), true)).toBe('none');
    expect(supportStanding(actor('org-manager'), false)).toBe('none');
    expect(supportStanding(actor('user', { isHolder: true }), false)).toBe('none');
    expect(supportStanding(actor('support'), false)).toBe('none');
  });

  it('lets only staff and administrators reach the routes', () => {
    expect(maySeekSupport(actor('support'))).toBe(true);
    expect(maySeekSupport(actor('admin'))).toBe(true);
    expect(maySeekSupport(actor('user', { isSystemAdmin: true }))).toBe(true);
    expect(maySeekSupport(actor('org-manager'))).toBe(false);
    expect(maySeekSupport(actor('user'))).toBe(false);
    expect(maySeekSupport(null)).toBe(false);
  });

  it('shows a thread to the platform, to its club and to its support author only', () => {
    const thread = { organizationId: 'org_a', authorUserId: 'usr_1' };
    expect(
      mayReadThread({ standing: 'platform', userId: 'x', homeOrganizationId: 'org_sysadmin' }, thread),
    ).toBe(true);
    expect(
      mayReadThread({ standing: 'club-admin', userId: 'usr_2', homeOrganizationId: 'org_a' }, thread),
    ).toBe(true);
    expect(
      mayReadThread({ standing: 'club-admin', userId: 'usr_1', homeOrganizationId: 'org_b' }, thread),
    ).toBe(false);
    const staffThread = { organizationId: 'org_sysadmin', authorUserId: 'usr_s' };
    expect(
      mayReadThread(
        { standing: 'support', userId: 'usr_s', homeOrganizationId: 'org_sysadmin' },
        staffThread,
      ),
    ).toBe(true);
    expect(
      mayReadThread(
        { standing: 'support', userId: 'usr_t', homeOrganizationId: 'org_sysadmin' },
        staffThread,
      ),
    ).toBe(false);
    expect(mayReadThread({ standing: 'none', userId: 'usr_1', homeOrganizationId: 'org_a' }, thread)).toBe(
      false,
    );
  });

  it('marks a thread answered by the platform and open again by its author', () => {
    expect(statusAfterMessage(true)).toBe('answered');
    expect(statusAfterMessage(false)).toBe('open');
  });

  it('recognises PDFs and images by their bytes', () => {
    expect(detectAttachmentType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(detectAttachmentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(detectAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectAttachmentType(Buffer.from('MZ\x90\x00 not a pdf'))).toBeUndefined();
    expect(detectAttachmentType(Buffer.from('<html>%PDF-'))).toBeUndefined();
    expect(detectAttachmentType(Buffer.alloc(0))).toBeUndefined();
  });
});
