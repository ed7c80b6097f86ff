import { UsersScreen } from '@/components/admin/users/users-screen';

export default function UsersPage() {
  return <UsersScreen />;
}
