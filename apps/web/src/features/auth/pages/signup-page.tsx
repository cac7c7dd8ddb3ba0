import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';

export default function SignupPage() {
  return (
    <>
      <AuthHeading
        title="Create your account"
        description="Choose a username, give your name and email, and pick a password of at least 15 characters. We email you a link to verify your address."
      />
      <AuthLinks>
        <li>
          Already have an account? <Link to="/login">Sign in</Link>
        </li>
      </AuthLinks>
    </>
  );
}
