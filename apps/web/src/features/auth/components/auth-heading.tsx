import { usePageTitle } from '@/lib/page-title';
import styles from './auth-heading.module.css';

export function AuthHeading({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.description}>{description}</p>
    </div>
  );
}
