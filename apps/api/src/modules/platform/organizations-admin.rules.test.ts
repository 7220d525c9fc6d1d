import { organizationState } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { decideStateChange, platformRight } from './organizations-admin.rules';

const actor = (role: string, isSystemAdmin = false) =>
  ({ role, isHolder: false, isSystemAdmin }) as Parameters<typeof platformRight>[1];

describe('platformRight', () => {
  it('lets the system organisation act (system administrators) or read (support, and an administrator without the flag)', () => {
    expect(platformRight('org_sysadmin', actor('admin', true))).toBe('act');
    expect(platformRight('org_sysadmin', actor('admin'))).toBe('read');
    expect(platformRight('org_sysadmin', actor('support'))).toBe('read');
    expect(platformRight('org_sysadmin', actor('user'))).toBeNull();
  });

  it('gives nothing to the accounts of a club, whatever their role', () => {
    for (const role of ['admin', 'org-manager', 'est-manager', 'support', 'user']) {
      expect(platformRight('org_demo', actor(role))).toBeNull();
    }
    expect(platformRight('org_demo', actor('admin', true))).toBeNull();
  });
});

describe('decideStateChange', () => {
  const club = { isSystem: false, maintenance: false, archived: false };

  it('changes only what differs, so a repeated action is harmless', () => {
    expect(decideStateChange(club, 'archive')).toEqual({ changes: true });
    expect(decideStateChange({ ...club, archived: true }, 'archive')).toEqual({ changes: false });
    expect(decideStateChange(club, 'unarchive')).toEqual({ changes: false });
    expect(decideStateChange({ ...club, archived: true }, 'unarchive')).toEqual({ changes: true });
    expect(decideStateChange(club, 'maintenance-on')).toEqual({ changes: true });
    expect(decideStateChange({ ...club, maintenance: true }, 'maintenance-on')).toEqual({ changes: false });
    expect(decideStateChange(club, 'maintenance-off')).toEqual({ changes: false });
    expect(decideStateChange({ ...club, maintenance: true }, 'maintenance-off')).toEqual({ changes: true });
  });

  it('never archives the system organisation nor puts it in maintenance', () => {
    const system = { ...club, isSystem: true };
    expect(decideStateChange(system, 'archive')).toEqual({ refusal: 'system_organization_locked' });
    expect(decideStateChange(system, 'maintenance-on')).toEqual({ refusal: 'system_organization_locked' });
    expect(decideStateChange(system, 'maintenance-off')).toEqual({ changes: false });
  });
});

describe('organizationState', () => {
  it('reads archived first, then maintenance', () => {
    expect(organizationState({ maintenance: false, archivedAt: null })).toBe('active');
    expect(organizationState({ maintenance: true, archivedAt: null })).toBe('maintenance');
    expect(organizationState({ maintenance: true, archivedAt: new Date() })).toBe('archived');
  });
});
