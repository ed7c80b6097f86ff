import { InvoicesScreen } from '@/components/admin/invoices/invoices-screen';

export default function InvoicesPage() {
  return <InvoicesScreen />;
}
