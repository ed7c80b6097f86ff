import { ExportsScreen } from '@/components/admin/exports/exports-screen';

export default function ExportsPage() {
  return <ExportsScreen />;
}
