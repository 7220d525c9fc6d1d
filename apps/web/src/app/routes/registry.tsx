export { RegistryPage as Component } from '@/features/registry';
