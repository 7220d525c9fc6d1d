export { RegistryPage as Component } from '@/features/registry/components/registry-page';
