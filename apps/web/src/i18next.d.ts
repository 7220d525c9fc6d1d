import type auth from './locales/fr/auth.json';
import type common from './locales/fr/common.json';
import type dashboard from './locales/fr/dashboard.json';
import type navigation from './locales/fr/navigation.json';
import type onboarding from './locales/fr/onboarding.json';
import type organizations from './locales/fr/organizations.json';
import type pages from './locales/fr/pages.json';
import type profile from './locales/fr/profile.json';
import type redirectMessage from './locales/fr/redirect-message.json';

// Translation keys are checked at compile time against the French files (the reference language).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      common: typeof common;
      dashboard: typeof dashboard;
      navigation: typeof navigation;
      onboarding: typeof onboarding;
      organizations: typeof organizations;
      pages: typeof pages;
      profile: typeof profile;
      'redirect-message': typeof redirectMessage;
    };
  }
}
