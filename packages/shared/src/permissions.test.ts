import { describe, expect, it } from 'vitest';
import { ROLES } from './enums';
import {
  DEFAULT_ESTABLISHMENT_ID,
  SYSTEM_ORGANIZATION_ID,
  USER_KINDS,
  actingOrganizationId,
  canManageServices,
  canManageUsers,
  isAtLeastEstManager,
  isAtLeastHolder,
  isAtLeastOrgManager,
  isAtLeastSupport,
  isElevated,
  isHolder,
  isParticipant,
  isSystemAdmin,
  userKind,
} from './permissions';
import type { Actor, UserKind } from './permissions';

const actor = (role: Actor['role'], flags: Partial<Omit<Actor, 'role'>> = {}): Actor => ({
  role,
  isHolder: false,
  isSystemAdmin: false,
  ...flags,
});

const ACTORS = {
  participant: actor('user'),
  holder: actor('user', { isHolder: true }),
  'est-manager': actor('est-manager'),
  'org-manager': actor('org-manager'),
  support: actor('support'),
  admin: actor('admin'),
  'system admin (role admin)': actor('admin', { isSystemAdmin: true }),
  'system admin (role user)': actor('user', { isSystemAdmin: true }),
  'system admin (role user, holder)': actor('user', { isSystemAdmin: true, isHolder: true }),
  'est-manager flagged holder': actor('est-manager', { isHolder: true }),
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const PREDICATES = {
  isHolder,
  isParticipant,
  isElevated,
  canManageServices,
  canManageUsers,
  isAtLeastHolder,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  isAtLeastSupport,
  isSystemAdmin,
};
type PredicateName = keyof typeof PREDICATES;

// prettier-ignore
const TABLE: Record<ActorName, Record<PredicateName, 0 | 1>> = {
  participant:                        { isHolder: 0, isParticipant: 1, isElevated: 0, canManageServices: 0, canManageUsers: 0, isAtLeastHolder: 0, isAtLeastEstManager: 0, isAtLeastOrgManager: 0, isAtLeastSupport: 0, isSystemAdmin: 0 },
  holder:                             { isHolder: 1, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 0, isAtLeastHolder: 1, isAtLeastEstManager: 0, isAtLeastOrgManager: 0, isAtLeastSupport: 0, isSystemAdmin: 0 },
  'est-manager':                      { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 0, isAtLeastSupport: 0, isSystemAdmin: 0 },
  'org-manager':                      { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 1, isAtLeastSupport: 0, isSystemAdmin: 0 },
  support:                            { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 1, isAtLeastSupport: 1, isSystemAdmin: 0 },
  admin:                              { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 1, isAtLeastSupport: 1, isSystemAdmin: 0 },
  'system admin (role admin)':        { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 1, isAtLeastSupport: 1, isSystemAdmin: 1 },
  'system admin (role user)':         { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 1, isAtLeastSupport: 1, isSystemAdmin: 1 },
  'system admin (role user, holder)': { isHolder: 1, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 1, isAtLeastSupport: 1, isSystemAdmin: 1 },
  'est-manager flagged holder':       { isHolder: 0, isParticipant: 0, isElevated: 1, canManageServices: 1, canManageUsers: 1, isAtLeastHolder: 1, isAtLeastEstManager: 1, isAtLeastOrgManager: 0, isAtLeastSupport: 0, isSystemAdmin: 0 },
};

describe('permission predicates', () => {
  const cases = Object.entries(TABLE).flatMap(([name, row]) =>
    Object.entries(row).map(
      ([predicate, allowed]) => [name as ActorName, predicate as PredicateName, allowed === 1] as const,
    ),
  );

  it.each(cases)('%s → %s is %s', (name, predicate, allowed) => {
    expect(PREDICATES[predicate](ACTORS[name])).toBe(allowed);
  });

  it('covers every role', () => {
    const covered = new Set(Object.values(ACTORS).map((a) => a.role));
    expect([...covered].sort()).toEqual([...ROLES.values].sort());
  });

  it.each(Object.keys(PREDICATES) as PredicateName[])('%s answers false without an actor', (predicate) => {
    expect(PREDICATES[predicate](null)).toBe(false);
    expect(PREDICATES[predicate](undefined)).toBe(false);
  });

  it('gives a system admin every "at least" and "can manage" permission', () => {
    for (const role of ROLES.values) {
      const admin = actor(role, { isSystemAdmin: true });
      for (const predicate of [
        canManageServices,
        canManageUsers,
        isAtLeastHolder,
        isAtLeastEstManager,
        isAtLeastOrgManager,
        isAtLeastSupport,
        isElevated,
      ]) {
        expect(predicate(admin)).toBe(true);
      }
      expect(isParticipant(admin)).toBe(false);
    }
  });

  it('makes "participant" and "elevated" exact opposites for any actor', () => {
    for (const a of Object.values(ACTORS)) expect(isParticipant(a)).toBe(!isElevated(a));
  });
});

describe('userKind', () => {
  // prettier-ignore
  const expected: Record<ActorName, [inSystemOrganization: UserKind, inRegularOrganization: UserKind]> = {
    participant:                        ['user', 'user'],
    holder:                             ['holder', 'holder'],
    'est-manager':                      ['est-manager', 'est-manager'],
    'org-manager':                      ['org-manager', 'org-manager'],
    support:                            ['support', 'support'],
    admin:                              ['org-manager', 'org-manager'],
    'system admin (role admin)':        ['system-admin', 'org-manager'],
    'system admin (role user)':         ['system-admin', 'org-manager'],
    'system admin (role user, holder)': ['system-admin', 'org-manager'],
    'est-manager flagged holder':       ['est-manager', 'est-manager'],
  };

  it.each(Object.entries(expected))('%s', (name, [inSystem, inRegular]) => {
    expect(userKind(ACTORS[name as ActorName], true)).toBe(inSystem);
    expect(userKind(ACTORS[name as ActorName], false)).toBe(inRegular);
  });

  it('only produces declared kinds, each reachable', () => {
    const produced = new Set(Object.values(ACTORS).flatMap((a) => [userKind(a, true), userKind(a, false)]));
    expect([...produced].sort()).toEqual([...USER_KINDS].sort());
  });
});

describe('organisation constants', () => {
  it('names the system organisation and the default establishment', () => {
    expect(SYSTEM_ORGANIZATION_ID).toBe('org_sysadmin');
    expect(DEFAULT_ESTABLISHMENT_ID).toBe('est_default');
  });
});

describe('actingOrganizationId', () => {
  const sysadmin = ACTORS['system admin (role admin)'];
  const manager = ACTORS['org-manager'];

  it('sends org_sysadmin for a system admin inside the system organisation', () => {
    expect(actingOrganizationId(sysadmin, 'org_sysadmin')).toBe('org_sysadmin');
    expect(actingOrganizationId(sysadmin, 'org_system_row', true)).toBe('org_sysadmin');
  });

  it('sends the selected organisation for a system admin inside another organisation', () => {
    expect(actingOrganizationId(sysadmin, 'org_club')).toBe('org_club');
    expect(actingOrganizationId(sysadmin, 'org_club', false)).toBe('org_club');
  });

  it('puts a system admin without selection in system mode', () => {
    expect(actingOrganizationId(sysadmin, null)).toBe('org_sysadmin');
    expect(actingOrganizationId(sysadmin, undefined)).toBe('org_sysadmin');
  });

  it('always sends the selected organisation for anyone else', () => {
    expect(actingOrganizationId(manager, 'org_club')).toBe('org_club');
    expect(actingOrganizationId(manager, 'org_system_row', true)).toBe('org_system_row');
    expect(actingOrganizationId(ACTORS.participant, 'org_club', true)).toBe('org_club');
    expect(actingOrganizationId(null, 'org_club')).toBe('org_club');
  });

  it('sends nothing for anyone else without selection', () => {
    expect(actingOrganizationId(manager, null)).toBeNull();
    expect(actingOrganizationId(undefined, undefined)).toBeNull();
  });
});
