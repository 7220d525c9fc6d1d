import { bundleOf } from './bundle';

/** Every English translation file, one chunk loaded only when English is shown (src/lib/i18n.ts). */
export default bundleOf(
  import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }),
);
