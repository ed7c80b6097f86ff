import { SignInForm } from '@/components/admin/sign-in/sign-in-form';

export default function AdminSignInPage() {
  return <SignInForm />;
}
