export { DiscoverPage as Component } from '@/features/website';
