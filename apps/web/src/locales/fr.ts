import { bundleOf } from './bundle';

/** Every French translation file, one chunk loaded only when French is shown (src/lib/i18n.ts). */
export default bundleOf(
  import.meta.glob<Record<string, unknown>>('./fr/*.json', { eager: true, import: 'default' }),
);
