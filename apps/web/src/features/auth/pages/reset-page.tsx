import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';

export default function ResetPage() {
  return (
    <>
      <AuthHeading title="Reset your password" description="Enter your email and we send you a link to choose a new password. The link works once, for one hour." />
      <AuthLinks>
        <li>
          Remembered it? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
