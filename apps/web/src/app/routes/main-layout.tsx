export { MainLayout as Component } from '@/components/layouts/main-layout';
