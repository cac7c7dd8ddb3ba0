import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';

export default function LoginPage() {
  return (
    <>
      <AuthHeading title="Sign in" description="Sign in with your username or email and your password to reach the shop, the NFT market and your wallet." />
      <AuthLinks>
        <li>
          New here? <Link to="/signup">Create an account</Link>
        </li>
        <li>
          <Link to="/reset">Forgot your password?</Link>
        </li>
        <li>
          <Link to="/resendEmail">Resend the verification email</Link>
        </li>
      </AuthLinks>
    </>
  );
}
