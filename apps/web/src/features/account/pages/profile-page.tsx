import { Badge, PageHeader, Panel, Skeleton, LoadError } from '@/components/ui';
import { useUserDetail } from '@/features/auth';
import { useSessionStore } from '@/lib/session-store';
import { useProfile } from '../api/get-profile';
import { Avatar } from '../components/avatar';
import { MissingUser, waitsForUser } from '../components/missing-user';
import { MemberClassCard } from '../components/member-class-card';
import { ProfileForm, ProfileFormPlaceholder } from '../components/profile-form';
import { MEMBER_CLASS_LABELS } from '../model/member-class';
import styles from './profile-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

export default function ProfilePage() {
  const profile = useProfile();
  const detail = useUserDetail();
  const email = useSessionStore((s) => s.user?.email ?? '');

  const data = profile.data;
  const name = data ? [data.firstName, data.lastName].filter(Boolean).join(' ') : '';
  const memberClass = detail.data?.memberClass;

  return (
    <>
      <PageHeader {...PAGE_HEADS['/profile']} />

      {waitsForUser(profile) ? (
        <MissingUser />
      ) : profile.isPending ? (
        <div className={styles.layout} role="status" aria-busy="true" aria-label="Loading your profile">
          {/* Shaped like what replaces it (the avatar's size and the lines of text at each width),
              so nothing below moves when the profile arrives (docs/decisions/0066). */}
          <div className={`${styles.identity} ${styles.wide}`}>
            <span className={`${styles.avatar} ${styles.round} ${styles.avatarSkeleton}`}>
              <Skeleton height="100%" className={styles.round} />
            </span>
            <div className={styles.identityText}>
              <p className={styles.name}>
                <span>
                  <Skeleton width={180} height="1em" className={styles.inlineSkeleton} />
                </span>
              </p>
              <p className={styles.meta}>
                <span>
                  <Skeleton width={110} height="1em" className={styles.inlineSkeleton} />
                </span>
                <span>
                  <Skeleton width={190} height="1em" className={styles.inlineSkeleton} />
                </span>
              </p>
            </div>
          </div>
          <Panel title="Personal details" description="Used for your deliveries and receipts. Only you can see them.">
            <ProfileFormPlaceholder />
          </Panel>
          <MemberClassCard />
        </div>
      ) : profile.isError ? (
        <LoadError what="your profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className={styles.layout}>
          <section className={`${styles.identity} ${styles.wide}`} aria-label="You">
            <Avatar className={styles.avatar} src={data?.img} name={name || data?.userName || ''} size={64} alt="" />
            <div className={styles.identityText}>
              <p className={styles.name}>
                <span>{name || data?.userName}</span>
                {memberClass && <Badge tone={memberClass === 'standard' ? 'neutral' : memberClass}>{MEMBER_CLASS_LABELS[memberClass]} member</Badge>}
              </p>
              <p className={styles.meta}>
                <span>@{data?.userName}</span>
                {email && <span className={styles.email}>{email}</span>}
              </p>
            </div>
          </section>
          <Panel title="Personal details" description="Used for your deliveries and receipts. Only you can see them.">
            {data && <ProfileForm key={data.userName} profile={data} />}
          </Panel>
          <MemberClassCard />
        </div>
      )}
    </>
  );
}
