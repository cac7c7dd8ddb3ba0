import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';

export default function ResendEmailPage() {
  return (
    <>
      <AuthHeading title="Resend the verification email" description="Enter the email you signed up with and we send you a new verification link." />
      <AuthLinks>
        <li>
          Verified already? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
