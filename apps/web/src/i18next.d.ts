import type accounting from './locales/fr/accounting.json';
import type attendance from './locales/fr/attendance.json';
import type auth from './locales/fr/auth.json';
import type blueprints from './locales/fr/blueprints.json';
import type calendar from './locales/fr/calendar.json';
import type cart from './locales/fr/cart.json';
import type catalog from './locales/fr/catalog.json';
import type certificates from './locales/fr/certificates.json';
import type common from './locales/fr/common.json';
import type dashboard from './locales/fr/dashboard.json';
import type documents from './locales/fr/documents.json';
import type establishments from './locales/fr/establishments.json';
import type family from './locales/fr/family.json';
import type holdings from './locales/fr/holdings.json';
import type members from './locales/fr/members.json';
import type navigation from './locales/fr/navigation.json';
import type onboarding from './locales/fr/onboarding.json';
import type orders from './locales/fr/orders.json';
import type organizationSettings from './locales/fr/organization-settings.json';
import type organizations from './locales/fr/organizations.json';
import type platformStaff from './locales/fr/platform-staff.json';
import type support from './locales/fr/support.json';
import type pages from './locales/fr/pages.json';
import type platformBilling from './locales/fr/platform-billing.json';
import type platformOrganizations from './locales/fr/platform-organizations.json';
import type periods from './locales/fr/periods.json';
import type profile from './locales/fr/profile.json';
import type recoveryTokens from './locales/fr/recovery-tokens.json';
import type workTime from './locales/fr/work-time.json';
import type communications from './locales/fr/communications.json';
import type redirectMessage from './locales/fr/redirect-message.json';
import type registrations from './locales/fr/registrations.json';
import type registry from './locales/fr/registry.json';
import type reviews from './locales/fr/reviews.json';
import type services from './locales/fr/services.json';

// Translation keys are checked at compile time against the French files (the reference language).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accounting: typeof accounting;
      attendance: typeof attendance;
      auth: typeof auth;
      blueprints: typeof blueprints;
      calendar: typeof calendar;
      cart: typeof cart;
      catalog: typeof catalog;
      certificates: typeof certificates;
      common: typeof common;
      dashboard: typeof dashboard;
      documents: typeof documents;
      establishments: typeof establishments;
      family: typeof family;
      holdings: typeof holdings;
      members: typeof members;
      navigation: typeof navigation;
      onboarding: typeof onboarding;
      orders: typeof orders;
      'organization-settings': typeof organizationSettings;
      organizations: typeof organizations;
      'platform-staff': typeof platformStaff;
      support: typeof support;
      pages: typeof pages;
      'platform-billing': typeof platformBilling;
      'platform-organizations': typeof platformOrganizations;
      periods: typeof periods;
      profile: typeof profile;
      'recovery-tokens': typeof recoveryTokens;
      'redirect-message': typeof redirectMessage;
      registrations: typeof registrations;
      registry: typeof registry;
      reviews: typeof reviews;
      services: typeof services;
      'work-time': typeof workTime;
      communications: typeof communications;
    };
  }
}
