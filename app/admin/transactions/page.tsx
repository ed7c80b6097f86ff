import { TransactionsScreen } from '@/components/admin/transactions/transactions-screen';

export default function TransactionsPage() {
  return <TransactionsScreen />;
}
