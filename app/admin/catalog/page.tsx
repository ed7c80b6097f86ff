import { CatalogScreen } from '@/components/admin/catalog/catalog-screen';

export default function CatalogPage() {
  return <CatalogScreen />;
}
