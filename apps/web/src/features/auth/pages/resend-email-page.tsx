import { useSearchParams } from '@/lib/search-params';
import { EmailLinkForm } from '../components/email-link-form';

export default function ResendEmailPage() {
  const [params] = useSearchParams();
  return (
    <EmailLinkForm
      request="verify"
      title="Resend the verification email"
      description="Enter the email you signed up with and we send you a new verification link."
      submitLabel="Send the link"
      signInPrompt="Verified already?"
      initialEmail={params.get('email') ?? ''}
    />
  );
}
