import { ChangePasswordForm } from '@/components/admin/password/change-password-form';

export default function PasswordPage() {
  return <ChangePasswordForm />;
}
