import { AuditScreen } from '@/components/admin/audit/audit-screen';

export default function AuditPage() {
  return <AuditScreen />;
}
