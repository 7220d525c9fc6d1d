import { describe, expect, it } from 'vitest';
import { cachedLiveSession, forgetUserSessions, sessionChangesHeard } from './session-cache';

/** A listener with nothing on its way. */
const heardAll = () => Promise.resolve();

/** A session lookup that counts how often the database would be asked. */
const counter = () => {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return { alive: true };
    },
    calls: () => calls,
  };
};

describe('session cache', () => {
  it('remembers nothing while no listener hears session changes', async () => {
    const lookup = counter();
    await cachedLiveSession('org_a', 'usr_1', 'ses_1', lookup.load);
    await cachedLiveSession('org_a', 'usr_1', 'ses_1', lookup.load);
    expect(lookup.calls()).toBe(2);
  });

  it('remembers a live session while listening, until a change of its user is heard', async () => {
    sessionChangesHeard(true, heardAll);
    try {
      const lookup = counter();
      await cachedLiveSession('org_a', 'usr_1', 'ses_1', lookup.load);
      await cachedLiveSession('org_a', 'usr_1', 'ses_1', lookup.load);
      expect(lookup.calls()).toBe(1);
      forgetUserSessions('org_a', 'usr_1');
      await cachedLiveSession('org_a', 'usr_1', 'ses_1', lookup.load);
      expect(lookup.calls()).toBe(2);
    } finally {
      sessionChangesHeard(false, heardAll);
    }
  });

  it('does not remember a lookup that a change overtook (it may have read the session before)', async () => {
    sessionChangesHeard(true, heardAll);
    try {
      const lookup = counter();
      await cachedLiveSession('org_a', 'usr_2', 'ses_2', async () => {
        forgetUserSessions('org_a', 'usr_2');
        return lookup.load();
      });
      await cachedLiveSession('org_a', 'usr_2', 'ses_2', lookup.load);
      expect(lookup.calls()).toBe(2);
    } finally {
      sessionChangesHeard(false, heardAll);
    }
  });

  it('stops trusting what it remembers when the listener is lost, and starts afresh when it is back', async () => {
    sessionChangesHeard(true, heardAll);
    const lookup = counter();
    await cachedLiveSession('org_a', 'usr_3', 'ses_3', lookup.load);
    sessionChangesHeard(false, heardAll);
    await cachedLiveSession('org_a', 'usr_3', 'ses_3', lookup.load);
    expect(lookup.calls()).toBe(2);
    sessionChangesHeard(true, heardAll);
    try {
      // Changes made while nobody listened were missed: nothing from before is served.
      await cachedLiveSession('org_a', 'usr_3', 'ses_3', lookup.load);
      expect(lookup.calls()).toBe(3);
    } finally {
      sessionChangesHeard(false, heardAll);
    }
  });

  it('waits for the changes on their way before trusting an entry, and asks the database when it cannot', async () => {
    let onTheWay: (() => void) | undefined;
    let reachable = true;
    const caughtUp = async () => {
      if (!reachable) throw new Error('listener too slow');
      onTheWay?.();
    };
    sessionChangesHeard(true, caughtUp);
    try {
      const lookup = counter();
      await cachedLiveSession('org_a', 'usr_4', 'ses_4', lookup.load);
      // A sign-out committed elsewhere, heard only while this request waits for the listener.
      onTheWay = () => forgetUserSessions('org_a', 'usr_4');
      await cachedLiveSession('org_a', 'usr_4', 'ses_4', lookup.load);
      expect(lookup.calls()).toBe(2);
      onTheWay = undefined;
      await cachedLiveSession('org_a', 'usr_4', 'ses_4', lookup.load);
      expect(lookup.calls()).toBe(2);
      reachable = false;
      await cachedLiveSession('org_a', 'usr_4', 'ses_4', lookup.load);
      expect(lookup.calls()).toBe(3);
    } finally {
      sessionChangesHeard(false, caughtUp);
    }
  });
});
