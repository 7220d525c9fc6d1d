export { SimpleLayout as Component } from '@/components/layouts/simple-layout';
